import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createNotice, NoticeArea, removeNotice } from "../../app/notices.tsx";
import { createQueryClient } from "../../app/query-client.ts";
import { testSettings } from "../../testing/settings.ts";
import { FeedbackPrompt } from "./feedback-prompt.tsx";

const KEY = "wc_payments_wporg_review_2025_prompt_dismissed";
let meta: Record<string, unknown>;
let tracking: string | false;
let saved: Record<string, unknown>[];

function answer(body: unknown): Response {
	return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

const user = () => ({
	id: 1,
	username: "admin",
	name: "Alex",
	first_name: "Alex",
	last_name: "",
	email: "alex@example.com",
	roles: ["administrator"],
	capabilities: {},
	meta,
});

beforeEach(() => {
	testSettings();
	meta = {};
	tracking = false;
	saved = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string, init: RequestInit = {}) => {
			if (url.startsWith("/wp-json/wc-admin/options"))
				return answer({ woocommerce_allow_tracking: tracking });
			if (init.method === "POST") {
				const body = JSON.parse(String(init.body)) as { meta: Record<string, unknown> };
				saved.push(body.meta);
				meta = { ...meta, ...body.meta };
			}
			return answer(user());
		}),
	);
});
afterEach(() => {
	vi.unstubAllGlobals();
	// Notices live in a module-level store: one test's notice must not hide the next test's prompt.
	for (const id of ["feedback-thanks", "other"]) removeNotice(id);
});

function renderPrompt() {
	render(
		<QueryClientProvider client={createQueryClient()}>
			<FeedbackPrompt />
			<NoticeArea />
		</QueryClientProvider>,
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
		await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
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
		await waitFor(() => expect(typeof saved[0]?.[KEY]).toBe("number"));
		expect(question()).toBeNull();
	});

	it("No with tracking disabled just dismisses the prompt", async () => {
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "No" }));
		await waitFor(() => expect(saved).toHaveLength(1));
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(question()).toBeNull();
	});

	it("No with tracking on asks for feedback; Send thanks the merchant", async () => {
		tracking = "yes";
		const clicks = renderPrompt();
		await waitFor(() =>
			expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes("options"))).toBe(true),
		);
		await clicks.click(await screen.findByRole("button", { name: "No" }));
		const dialog = await screen.findByRole("dialog", { name: "How can we do better?" });
		expect(dialog.textContent).toContain("Contact support");
		expect(screen.getByText("Close", { selector: "button" })).toBeTruthy();
		await clicks.type(screen.getByRole("textbox"), "More payout currencies");
		await clicks.click(screen.getByRole("button", { name: "Send" }));
		expect((await screen.findAllByText("Thank you for your feedback!")).length).toBeGreaterThan(0);
		expect(saved.at(-1)).toMatchObject({
			wc_payments_wporg_review_2025_feedback: { text: "More payout currencies" },
		});
		expect(typeof saved[0]?.[KEY]).toBe("number");
	});

	it("Dismiss stores the dismissal time", async () => {
		const clicks = renderPrompt();
		await clicks.click(await screen.findByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(Object.keys(saved[0] ?? {})).toEqual([KEY]));
		expect(question()).toBeNull();
	});
});
