/**
 * Inbox notes (spec 1 §4.6): the list newest first, unactioned, of the product's source;
 * dismissing one or all marks is_deleted 1 and Undo sets it back to 0; an action marks its
 * note actioned.
 */
import type { InboxNote } from "@paydesk/contract/inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxNotesTable } from "../../../src/db/schema.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at } from "../../support/payout-fixtures.ts";

const NOTES = "/wp-json/wc-analytics/admin/notes";
const LIST = `${NOTES}?page=1&per_page=25&status=unactioned&orderby=date&order=desc&source=woocommerce-payments`;

const note = (id: number, overrides: Partial<InboxNotesTable> = {}): InboxNotesTable => ({
	account_id: TEST_ACCOUNT,
	id,
	name: `wc-payments-note-${id}`,
	title: `Note ${id}`,
	content: `Content ${id}`,
	type: "info",
	status: "unactioned",
	actions: JSON.stringify([
		{ id: id * 10, name: "open", label: "Open", url: "https://example.com", primary: true },
	]),
	date_created: at("2026-11-01T10:00:00Z") + id * 3600,
	layout: "plain",
	image: "",
	is_deleted: 0,
	is_read: 0,
	source: "woocommerce-payments",
	...overrides,
});

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				settings: JSON.stringify({ store_timezone: "Europe/Paris" }),
			});
			await db.kysely
				.insertInto("inbox_notes")
				.values([
					note(1),
					note(2),
					note(3),
					note(4, { status: "actioned" }),
					note(5, { source: "woocommerce-admin" }),
					note(6, { is_deleted: 1 }),
					note(7, { account_id: "acct_other" }),
				])
				.execute();
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
	t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
const listIds = async () => json<InboxNote[]>(await call("GET", LIST)).map((n) => n.id);

describe("inbox list", () => {
	it("answers the unactioned notes of the product's source, newest first, with the total", async () => {
		const response = await call("GET", LIST);
		expect(response.statusCode).toBe(200);
		expect(response.headers["x-wp-total"]).toBe("3");
		const notes = json<InboxNote[]>(response);
		expect(notes.map((n) => n.id)).toEqual([3, 2, 1]);
		expect(notes[0]).toMatchObject({
			title: "Note 3",
			is_deleted: false,
			actions: [{ id: 30, label: "Open", primary: true }],
			date_created_gmt: "2026-11-01T13:00:00",
			// The store's local time (Paris, UTC+1 in November).
			date_created: "2026-11-01T14:00:00",
		});
	});

	it("pages and validates its query", async () => {
		const page = await call(
			"GET",
			`${NOTES}?page=2&per_page=2&status=unactioned&source=woocommerce-payments`,
		);
		expect(json<InboxNote[]>(page).map((n) => n.id)).toEqual([1]);
		expect((await call("GET", `${NOTES}?status=maybe`)).statusCode).toBe(400);
		expect((await call("GET", `${NOTES}?per_page=0`)).statusCode).toBe(400);
	});
});

describe("dismiss and undo", () => {
	it("dismisses one note (is_deleted 1) and Undo brings it back (is_deleted 0)", async () => {
		const removed = await call("DELETE", `${NOTES}/delete/2`);
		expect(removed.statusCode).toBe(200);
		expect(json<InboxNote>(removed).is_deleted).toBe(true);
		expect(await listIds()).toEqual([3, 1]);
		const undone = await call("PUT", `${NOTES}/2`, { is_deleted: 0 });
		expect(json<InboxNote>(undone).is_deleted).toBe(false);
		expect(await listIds()).toEqual([3, 2, 1]);
	});

	it("dismisses all listed notes in one batch and Undo restores them all", async () => {
		const all = await call("PUT", `${NOTES}/update`, { noteIds: [3, 2, 1], is_deleted: 1 });
		expect(all.statusCode).toBe(200);
		expect(json<InboxNote[]>(all).map((n) => [n.id, n.is_deleted])).toEqual([
			[3, true],
			[2, true],
			[1, true],
		]);
		expect(await listIds()).toEqual([]);
		await call("PUT", `${NOTES}/update`, { noteIds: [3, 2, 1], is_deleted: 0 });
		expect(await listIds()).toEqual([3, 2, 1]);
	});

	it("never touches another store's notes and answers 404 for an unknown note", async () => {
		const other = await call("DELETE", `${NOTES}/delete/7`);
		expect(other.statusCode).toBe(404);
		expect(json(other).code).toBe("woocommerce_note_invalid_id");
		const batch = await call("PUT", `${NOTES}/update`, { noteIds: [7], is_deleted: 1 });
		expect(json<InboxNote[]>(batch)).toEqual([]);
		const row = await t.db.kysely
			.selectFrom("inbox_notes")
			.select("is_deleted")
			.where("account_id", "=", "acct_other")
			.executeTakeFirstOrThrow();
		expect(row.is_deleted).toBe(0);
	});

	it("refuses a batch without notes and a non-boolean is_deleted", async () => {
		expect((await call("PUT", `${NOTES}/update`, { noteIds: [], is_deleted: 1 })).statusCode).toBe(400);
		expect((await call("PUT", `${NOTES}/1`, { is_deleted: 2 })).statusCode).toBe(400);
	});
});

describe("note actions", () => {
	it("marks the note actioned, so it leaves the unactioned inbox", async () => {
		const response = await call("POST", `${NOTES}/1/action/10`);
		expect(response.statusCode).toBe(200);
		expect(json<InboxNote>(response)).toMatchObject({ id: 1, status: "actioned", is_read: true });
		expect(await listIds()).toEqual([3, 2]);
	});

	it("answers 404 for an action the note does not have", async () => {
		const response = await call("POST", `${NOTES}/2/action/99`);
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("woocommerce_note_action_invalid_id");
	});

	it("requires manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		expect((await t.app.inject({ method: "GET", url: LIST, headers: customer.headers })).statusCode).toBe(
			403,
		);
		expect((await t.app.inject({ method: "DELETE", url: `${NOTES}/delete/3` })).statusCode).toBe(401);
	});
});
