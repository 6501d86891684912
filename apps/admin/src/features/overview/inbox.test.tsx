/**
 * The overview's inbox (spec 1 §4.6, §8): dismiss one or all after a confirmation, with
 * 'Message dismissed' / 'All messages dismissed' and Undo; the last-read time saved on the user;
 * the load error with Reload; the empty state.
 */
import {
	batchUpdateNotes,
	INBOX_ERRORS,
	type InboxNote,
	listNotes,
	removeNote,
	updateNote,
} from "@paydesk/contract/inbox";
import { getCurrentUser, updateCurrentUser } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NoticeArea, removeNotice } from "../../app/notices.tsx";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { Inbox } from "./inbox.tsx";
import { overviewSettings } from "./overview-fixtures.ts";

const note = (id: number, title: string): InboxNote => ({
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

let requests: RecordedRequest[];
let notes: InboxNote[];
let listFails: boolean;
let writesFail: boolean;

beforeEach(() => {
	overviewSettings();
	notes = [note(2, "Set up refund policy"), note(1, "Enable secure checkout")];
	listFails = false;
	writesFail = false;
	const noteById = (id: string) =>
		notes.find((item) => item.id === Number(id)) ?? restError(404, INBOX_ERRORS.noteNotFound);
	requests = stubApi(
		on(listNotes).reply(() => (listFails ? restError(400, "rest_invalid_param", "no") : notes)),
		on(removeNote).reply(({ params }) =>
			writesFail ? restError(500, "internal_server_error") : noteById(params.id),
		),
		on(updateNote).reply(({ params }) => noteById(params.id)),
		on(batchUpdateNotes).reply(() => (writesFail ? restError(500, "internal_server_error") : [])),
		on(getCurrentUser).reply(() => currentUserFixture({ roles: [] })),
		on(updateCurrentUser).reply(() => currentUserFixture({ roles: [] })),
	);
});
afterEach(() => {
	removeNotice("inbox-dismissed");
});

/** A write the inbox sent: its method, path and body. */
const write = (request: RecordedRequest | undefined) => ({
	method: request?.method,
	path: request?.path,
	body: request?.body,
});

function renderInbox() {
	renderWithQueryClient(
		<>
			<Inbox />
			<NoticeArea />
		</>,
	);
	return userEvent.setup();
}

/**
 * The snackbar's text, not the screen reader's copy of it: the live region that @wordpress/a11y
 * speaks through outlives each test and still holds what an earlier test announced.
 */
const NOT_SPOKEN = { ignore: ".a11y-speak-region, script, style" };
const findNotice = (text: string) => screen.findByText(text, NOT_SPOKEN, { timeout: 3000 });
const queryNotice = (text: string) => screen.queryByText(text, NOT_SPOKEN);

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
			expect(requests.find((request) => request.route === updateCurrentUser)?.body).toEqual({
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
		expect(requests.find((request) => request.method === "DELETE")?.path).toBe(
			"/wp-json/wc-analytics/admin/notes/delete/2",
		);
		await waitFor(() => expect(screen.queryByText("Set up refund policy")).toBeNull());
		await user.click(screen.getByRole("button", { name: "Undo" }));
		await waitFor(() =>
			expect(write(requests.find((request) => request.method === "PUT"))).toEqual({
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
		expect(requests.find((request) => request.route === batchUpdateNotes)?.body).toEqual({
			noteIds: [2, 1],
			is_deleted: 1,
		});
	});

	it("says 'All messages dismissed' for Dismiss all messages even when only one message exists, and Undo restores it", async () => {
		notes = [note(1, "Enable secure checkout")];
		const user = renderInbox();
		await dismiss(user, "Enable secure checkout", "Dismiss all messages");
		const dialog = await screen.findByRole("dialog", { name: "Dismiss all messages?" });
		await user.click(within(dialog).getByRole("button", { name: "Yes, dismiss" }));
		await waitFor(() =>
			expect(requests.find((request) => request.route === batchUpdateNotes)?.body).toEqual({
				noteIds: [1],
				is_deleted: 1,
			}),
		);
		expect(await findNotice("All messages dismissed")).toBeTruthy();
		expect(queryNotice("Message dismissed")).toBeNull();
		await user.click(screen.getByRole("button", { name: "Undo" }));
		await waitFor(() =>
			expect(requests.filter((request) => request.route === batchUpdateNotes).at(-1)?.body).toEqual({
				noteIds: [1],
				is_deleted: 0,
			}),
		);
	});

	it("says 'Messages could not be dismissed' when Dismiss all messages fails, even for a single message", async () => {
		notes = [note(1, "Enable secure checkout")];
		writesFail = true;
		const user = renderInbox();
		await dismiss(user, "Enable secure checkout", "Dismiss all messages");
		const dialog = await screen.findByRole("dialog", { name: "Dismiss all messages?" });
		await user.click(within(dialog).getByRole("button", { name: "Yes, dismiss" }));
		expect(await findNotice("Messages could not be dismissed")).toBeTruthy();
		expect(queryNotice("Message could not be dismissed")).toBeNull();
	});

	it("says 'Message could not be dismissed' when dismissing one message fails", async () => {
		writesFail = true;
		const user = renderInbox();
		await dismiss(user, "Set up refund policy", "Dismiss this message");
		const dialog = await screen.findByRole("dialog", { name: "Dismiss this message?" });
		await user.click(within(dialog).getByRole("button", { name: "Yes, dismiss" }));
		expect(await findNotice("Message could not be dismissed")).toBeTruthy();
		expect(queryNotice("Messages could not be dismissed")).toBeNull();
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
