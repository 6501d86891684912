import { getCurrentUser, getOptions, updateCurrentUser } from "@paydesk/contract/wp";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNotice, NoticeArea, removeNotice } from "../../app/notices.tsx";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { FeedbackPrompt } from "./feedback-prompt.tsx";

const KEY = "wc_payments_wporg_review_2025_prompt_dismissed";
let meta: Record<string, unknown>;
let tracking: string | false;
let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
	meta = {};
	tracking = false;
	requests = stubApi(
		on(getOptions).reply(() => ({ woocommerce_allow_tracking: tracking })),
		on(getCurrentUser).reply(() => currentUserFixture({ meta })),
		on(updateCurrentUser).reply(({ body }) => {
			meta = { ...meta, ...body.meta };
			return currentUserFixture({ meta });
		}),
	);
});
/** The user meta each save sent. */
const saved = () =>
	requests
		.filter((request) => request.route === updateCurrentUser)
		.map((request) => (request.body as { meta: Record<string, unknown> }).meta);
afterEach(() => {
	// Notices live in a module-level store: one test's notice must not hide the next test's prompt.
	for (const id of ["feedback-thanks", "other"]) removeNotice(id);
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

	it("No with tracking disabled just dismisses the prompt", async () => {
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "No" }));
		await waitFor(() => expect(saved()).toHaveLength(1));
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(question()).toBeNull();
	});

	it("No with tracking on asks for feedback; Send thanks the merchant", async () => {
		tracking = "yes";
		const clicks = renderPrompt();
		await waitFor(() => expect(requests.some((request) => request.route === getOptions)).toBe(true));
		await clicks.click(await screen.findByRole("button", { name: "No" }));
		const dialog = await screen.findByRole("dialog", { name: "How can we do better?" });
		expect(dialog.textContent).toContain("Contact support");
		expect(screen.getByText("Close", { selector: "button" })).toBeTruthy();
		await clicks.type(screen.getByRole("textbox"), "More payout currencies");
		await clicks.click(screen.getByRole("button", { name: "Send" }));
		expect((await screen.findAllByText("Thank you for your feedback!")).length).toBeGreaterThan(0);
		expect(saved().at(-1)).toMatchObject({
			wc_payments_wporg_review_2025_feedback: { text: "More payout currencies" },
		});
		expect(typeof saved()[0]?.[KEY]).toBe("number");
	});

	it("Dismiss stores the dismissal time", async () => {
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(Object.keys(saved()[0] ?? {})).toEqual([KEY]));
		expect(question()).toBeNull();
	});
});
