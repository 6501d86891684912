import { listNotifications } from "@paydesk/contract/events";
import { listReaders } from "@paydesk/contract/readers";
import { recordTracks } from "@paydesk/contract/tracks";
import { getCurrentUser, updateCurrentUser } from "@paydesk/contract/wp";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Notice } from "@wordpress/components";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app/app.tsx";
import { AdminLayout } from "../../app/layout.tsx";
import { createNotice, NoticeArea, removeNotice } from "../../app/notices.tsx";
import { createQueryClient } from "../../app/query-client.ts";
import { ROUTES } from "../../app/routes.ts";
import { TRACKS_GATHER_MS } from "../../app/tracks.ts";
import { currentUserFixture } from "../../testing/current-user.ts";
import {
	deferred,
	type ErrorReply,
	on,
	type RecordedRequest,
	restError,
	stubApi,
} from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { FeedbackPrompt } from "./feedback-prompt.tsx";

const KEY = "wc_payments_wporg_review_2025_prompt_dismissed";
let meta: Record<string, unknown>;
let requests: RecordedRequest[];
/** What POST /tracks answers: recorded, or a failure. */
let tracksAnswer: () => Promise<{ recorded: number }> | { recorded: number } | ErrorReply;

beforeEach(() => {
	testSettings();
	meta = {};
	tracksAnswer = () => ({ recorded: 1 });
	requests = stubApi(
		on(getCurrentUser).reply(() => currentUserFixture({ meta })),
		on(updateCurrentUser).reply(({ body }) => {
			meta = { ...meta, ...body.meta };
			return currentUserFixture({ meta });
		}),
		on(recordTracks).reply(() => tracksAnswer()),
	);
});
/** The user meta each save sent. */
const saved = () =>
	requests
		.filter((request) => request.route === updateCurrentUser)
		.map((request) => (request.body as { meta: Record<string, unknown> }).meta);
/** The usage events sent, in order. */
const tracked = () =>
	requests
		.filter((request) => request.route === recordTracks)
		.flatMap((request) => (request.body as { events: { name: string; properties: object }[] }).events);
afterEach(() => {
	// Notices live in a module-level store: one test's notice must not hide the next test's prompt.
	for (const id of ["feedback-sent", "other"]) removeNotice(id);
	// What a test with tracking on gathered goes now, to its own stubbed API.
	if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
	vi.useRealTimers();
});

function renderPrompt() {
	renderWithQueryClient(
		<>
			<FeedbackPrompt />
			<NoticeArea />
		</>,
	);
	return userEvent.setup();
}

/** Tracking on, with the events gathered by app/tracks.ts sent when the test says. */
function withTracking() {
	testSettings({ tracksEnabled: true });
	vi.useFakeTimers({ shouldAdvanceTime: true });
	return () => act(() => vi.advanceTimersByTime(TRACKS_GATHER_MS));
}

const question = () => screen.queryByText("Are you satisfied with the product?");

describe("feedback prompt (spec 2 'Feedback prompt')", () => {
	it("asks 'Are you satisfied with the product?' of an eligible account that has not dismissed it", async () => {
		renderPrompt();
		expect(await screen.findByText("Are you satisfied with the product?")).toBeTruthy();
		for (const name of ["Yes", "No", "Dismiss"]) expect(screen.getByRole("button", { name })).toBeTruthy();
	});

	it("stays hidden for an account outside the review campaign, or once dismissed", async () => {
		const settings = testSettings();
		settings.featureFlags.reviewPromptCampaign = false;
		renderPrompt();
		await waitFor(() => expect(requests.length).toBeGreaterThan(0));
		expect(question()).toBeNull();
	});

	it("is hidden while other notices exist", async () => {
		renderPrompt();
		await screen.findByText("Are you satisfied with the product?");
		act(() => void createNotice("info", "Something else", { id: "other" }));
		expect(question()).toBeNull();
		act(() => removeNotice("other"));
		expect(question()).toBeTruthy();
	});

	it("Yes stores the dismissal time and asks for a review", async () => {
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "Yes" }));
		expect(await screen.findByRole("dialog", { name: "Glad to hear it!" })).toBeTruthy();
		expect(screen.getByRole("link", { name: /Leave a review/ }).getAttribute("href")).toContain(
			"wordpress.org",
		);
		await waitFor(() => expect(typeof saved()[0]?.[KEY]).toBe("number"));
		expect(question()).toBeNull();
	});

	it("No with tracking disabled just dismisses the prompt, and records nothing", async () => {
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "No" }));
		await waitFor(() => expect(saved()).toHaveLength(1));
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(question()).toBeNull();
		expect(tracked()).toEqual([]);
	});

	it("No with tracking on asks for feedback; Send records the text and then thanks the merchant", async () => {
		withTracking();
		const answer = deferred<{ recorded: number }>();
		tracksAnswer = () => answer.promise;
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "No" }));
		const dialog = await screen.findByRole("dialog", { name: "How can we do better?" });
		expect(dialog.textContent).toContain("Contact support");
		expect(dialog.textContent).toContain("usage log");
		expect(screen.getByText("Close", { selector: "button" })).toBeTruthy();
		await clicks.type(screen.getByRole("textbox"), "More payout currencies");
		await clicks.click(screen.getByRole("button", { name: "Send" }));
		await waitFor(() =>
			expect(tracked()).toContainEqual({
				name: "wcpay_feedback_sent",
				properties: { text: "More payout currencies" },
			}),
		);
		// The thanks wait until the usage log has the feedback.
		expect(screen.queryByText("Thank you for your feedback!")).toBeNull();
		act(() => answer.resolve({ recorded: 1 }));
		expect((await screen.findAllByText("Thank you for your feedback!")).length).toBeGreaterThan(0);
		expect(screen.queryByRole("dialog")).toBeNull();
		// The dismissal is still a user preference; the text is no longer one.
		expect(saved()).toEqual([{ [KEY]: expect.any(Number) }]);
	});

	it("Send that cannot be recorded says so and keeps the feedback open to try again", async () => {
		withTracking();
		tracksAnswer = () => restError(500, "internal_error");
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "No" }));
		await clicks.type(await screen.findByRole("textbox"), "Slow payouts");
		await clicks.click(screen.getByRole("button", { name: "Send" }));
		expect(
			(await screen.findAllByText("Your feedback could not be sent. Please try again.")).length,
		).toBeGreaterThan(0);
		expect(screen.getByRole("dialog", { name: "How can we do better?" })).toBeTruthy();
		expect(screen.queryByText("Thank you for your feedback!")).toBeNull();
	});

	it("Dismiss stores the dismissal time", async () => {
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(Object.keys(saved()[0] ?? {})).toEqual([KEY]));
		expect(question()).toBeNull();
	});
});

describe("the feedback prompt's usage events (spec 2 §7)", () => {
	it("records that it was shown and the answer, gathered in one request", async () => {
		const sendGathered = withTracking();
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "Dismiss" }));
		expect(tracked()).toEqual([]);
		sendGathered();
		await waitFor(() =>
			expect(tracked()).toEqual([
				{ name: "wcpay_feedback_prompt_shown", properties: {} },
				{ name: "wcpay_feedback_prompt_answered", properties: { answer: "dismiss" } },
			]),
		);
		expect(requests.filter((request) => request.route === recordTracks)).toHaveLength(1);
	});
});

/** A page that draws a WordPress notice when asked, as the payouts page draws its warnings. */
function PageWithNotice() {
	const [shown, setShown] = useState(false);
	return (
		<div className="paydesk-page">
			{shown && (
				<Notice status="warning" isDismissible={false}>
					Payouts are currently paused because a recent payout failed.
				</Notice>
			)}
			<button type="button" onClick={() => setShown(!shown)}>
				{shown ? "Fix the bank account" : "Fail a payout"}
			</button>
		</div>
	);
}

describe("the feedback prompt in the admin footer (spec 2 §2)", () => {
	const payouts = ROUTES.find((route) => route.path === "/payments/payouts") ?? null;

	it("shows in the footer of a payments page, below the page rather than in it", async () => {
		stubApi(
			on(getCurrentUser).reply(() => currentUserFixture()),
			on(listReaders).reply(() => ({ data: [], total_count: 0 })),
			on(listNotifications).reply(() => ({ unread: 0, notifications: [] })),
		);
		window.history.replaceState(null, "", "/wp-admin/admin.php?page=wc-admin&path=/payments/card-readers");
		render(<App />);
		const prompt = await screen.findByRole("region", { name: "Feedback" });
		expect(within(prompt).getByText("Are you satisfied with the product?")).toBeTruthy();
		expect(prompt.closest("footer#wpfooter")).toBeTruthy();
		expect(document.getElementById("wpbody-content")?.contains(prompt)).toBe(false);
	});

	it("hides while the page draws a notice, and returns when the notice goes", async () => {
		render(
			<QueryClientProvider client={createQueryClient()}>
				<AdminLayout settings={testSettings()} route={payouts} footer={<FeedbackPrompt />}>
					<PageWithNotice />
				</AdminLayout>
			</QueryClientProvider>,
		);
		const clicks = userEvent.setup();
		expect(await screen.findByRole("region", { name: "Feedback" })).toBeTruthy();
		await clicks.click(screen.getByRole("button", { name: "Fail a payout" }));
		await waitFor(() => expect(question()).toBeNull());
		await clicks.click(screen.getByRole("button", { name: "Fix the bank account" }));
		expect(await screen.findByText("Are you satisfied with the product?")).toBeTruthy();
	});

	it("is not on the full-screen wizards", async () => {
		const wizard = ROUTES.find((route) => route.path === "/payments/additional-payment-methods") ?? null;
		render(
			<QueryClientProvider client={createQueryClient()}>
				<AdminLayout settings={testSettings()} route={wizard} footer={<FeedbackPrompt />}>
					<p>wizard</p>
				</AdminLayout>
			</QueryClientProvider>,
		);
		await screen.findByText("wizard");
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(question()).toBeNull();
		expect(requests).toEqual([]);
	});
});
