/**
 * The overview's inbox (spec 1 §4.6, §8): dismiss one or all after a confirmation, with
 * 'Message dismissed' / 'All messages dismissed' and Undo; the last-read time saved on the user;
 * the load error with Reload; the empty state.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeArea, removeNotice } from "../../app/notices.tsx";
import { createQueryClient } from "../../app/query-client.ts";
import { Inbox } from "./inbox.tsx";
import { answer, type FakeApi, overviewSettings, stubOverviewApi } from "./overview-fixtures.ts";

const note = (id: number, title: string) => ({
	id,
	name: `note-${id}`,
	title,
	content: `About ${title}`,
	type: "info",
	status: "unactioned",
	actions: [{ id: id * 10, name: "go", label: "Read more", url: "https://example.com", primary: true }],
	date_created: "2026-11-01T10:00:00",
	date_created_gmt: "2026-11-01T10:00:00",
	layout: "plain",
	image: "",
	is_deleted: false,
	is_read: false,
	source: "woocommerce-payments",
});

let api: FakeApi;
let notes: ReturnType<typeof note>[];
let listFails: boolean;

beforeEach(() => {
	overviewSettings();
	api = { writes: [], options: {} };
	notes = [note(2, "Set up refund policy"), note(1, "Enable secure checkout")];
	listFails = false;
	stubOverviewApi(api, (url, init) => {
		const method = init.method ?? "GET";
		if (url.startsWith("/wp-json/wc-analytics/admin/notes") && method === "GET") {
			if (listFails) return answer({ code: "rest_invalid_param", message: "no" }, { status: 400 });
			return answer(notes);
		}
		if (url.startsWith("/wp-json/wc-analytics/admin/notes"))
			return answer(method === "PUT" && url.endsWith("/update") ? [] : notes[0]);
		if (url.includes("/users/me")) return answer({ id: 1, meta: {}, roles: [], capabilities: {} });
		return undefined;
	});
});
afterEach(() => {
	vi.unstubAllGlobals();
	removeNotice("inbox-dismissed");
});

function renderInbox() {
	render(
		<QueryClientProvider client={createQueryClient()}>
			<Inbox />
			<NoticeArea />
		</QueryClientProvider>,
	);
	return userEvent.setup();
}

async function dismiss(user: ReturnType<typeof userEvent.setup>, title: string, choice: string) {
	const item = (await screen.findByText(title)).closest("li") as HTMLElement;
	await user.click(within(item).getByRole("button", { name: "Dismiss options" }));
	await user.click(await screen.findByRole("menuitem", { name: choice }));
}

describe("overview inbox", () => {
	it("shows the notes, marks them unread, and saves the visit as the last-read time", async () => {
		renderInbox();
		expect(await screen.findByText("Set up refund policy")).toBeTruthy();
		expect(screen.getAllByText("Unread:")).toHaveLength(2);
		await waitFor(() =>
			expect(api.writes.find((w) => w.path.endsWith("/users/me"))?.body).toEqual({
				meta: { wc_payments_overview_inbox_last_read: expect.any(Number) },
			}),
		);
	});

	it("dismisses one note after a confirmation, and Undo sets is_deleted back to 0", async () => {
		const user = renderInbox();
		await dismiss(user, "Set up refund policy", "Dismiss this message");
		const dialog = await screen.findByRole("dialog", { name: "Dismiss this message?" });
		await user.click(within(dialog).getByRole("button", { name: "Yes, dismiss" }));
		expect((await screen.findAllByText("Message dismissed", {}, { timeout: 3000 })).length).toBeGreaterThan(
			0,
		);
		expect(api.writes.find((w) => w.method === "DELETE")?.path).toBe(
			"/wp-json/wc-analytics/admin/notes/delete/2",
		);
		await waitFor(() => expect(screen.queryByText("Set up refund policy")).toBeNull());
		await user.click(screen.getByRole("button", { name: "Undo" }));
		await waitFor(() =>
			expect(api.writes.find((w) => w.method === "PUT")).toEqual({
				method: "PUT",
				path: "/wp-json/wc-analytics/admin/notes/2",
				body: { is_deleted: 0 },
			}),
		);
	});

	it("dismisses all notes in one batch after a confirmation", async () => {
		const user = renderInbox();
		await dismiss(user, "Enable secure checkout", "Dismiss all messages");
		const dialog = await screen.findByRole("dialog", { name: "Dismiss all messages?" });
		await user.click(within(dialog).getByRole("button", { name: "Yes, dismiss" }));
		expect(
			(await screen.findAllByText("All messages dismissed", {}, { timeout: 3000 })).length,
		).toBeGreaterThan(0);
		expect(api.writes.find((w) => w.path.endsWith("/notes/update"))?.body).toEqual({
			noteIds: [2, 1],
			is_deleted: 1,
		});
	});

	it("shows the empty state when there are no notes", async () => {
		notes = [];
		renderInbox();
		expect(
			await screen.findByText("As things begin to happen in your store your inbox will start to fill up…"),
		).toBeTruthy();
	});

	it("offers Reload when the inbox cannot be loaded", async () => {
		listFails = true;
		const user = renderInbox();
		expect(
			(await screen.findAllByText("There was an error getting your inbox. Please try again.")).length,
		).toBeGreaterThan(0);
		listFails = false;
		await user.click(screen.getByRole("button", { name: "Reload" }));
		expect(await screen.findByText("Set up refund policy")).toBeTruthy();
	});
});
