/**
 * Download links hand files only to whom they belong: an export file only to the
 * user who asked for it and only until it expires, documents and evidence files only to their
 * store's managers — always as attachments that the browser will not sniff into a page.
 */
import { EXPORT_TTL_SECONDS } from "@paydesk/contract/exports";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNonce } from "../../src/auth/nonce.ts";
import { createSession, findSession, SESSION_COOKIE } from "../../src/auth/sessions.ts";
import { runPendingJobs } from "../../src/jobs/runner.ts";
import { insertFile } from "../../src/payments/files/queries.ts";
import { seedStore } from "../../src/seed/store.ts";
import { type Actor, createTestApp, type TestApp } from "../../src/testing/test-app.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const STORE = "acct_downloads";
const OTHER_STORE = "acct_elsewhere";
let t: TestApp;
let owner: Actor;
let colleague: Actor;
let customer: Actor;
let stranger: Actor;
let exportFile: string;
let documentId: string;
let evidenceFile: string;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db, now) => {
			await seedStore(db, { accountId: STORE, transactions: 120, seed: 8, now });
			await seedStore(db, { accountId: OTHER_STORE, transactions: 30, seed: 9, now });
			await db.kysely
				.updateTable("accounts")
				.set({ vat_details: JSON.stringify({ name: "Shop Ltd", address: "1 Road", vat_number: null }) })
				.execute();
		},
	});
	owner = await t.actor("administrator", STORE);
	colleague = await t.actor("shop_manager", STORE);
	customer = await t.actor("customer", STORE);
	stranger = await t.actor("administrator", OTHER_STORE);
	const requested = await t.app.inject({
		method: "POST",
		url: `${BASE}/transactions/download`,
		headers: { ...owner.headers, "content-type": "application/json" },
		payload: {},
	});
	exportFile = `${BASE}/transactions/download/${requested.json().export_id}/file`;
	await runPendingJobs(
		{ db: t.db, clock: t.clock, dataDir: t.dataDir, publicUrl: "http://localhost" },
		"downloads-test",
	);
	const document = await t.db.kysely
		.selectFrom("documents")
		.select("id")
		.where("account_id", "=", STORE)
		.executeTakeFirstOrThrow();
	documentId = document.id;
	const file = await insertFile(t.db.kysely, {
		accountId: STORE,
		purpose: "dispute_evidence",
		filename: "receipt.pdf",
		mimeType: "application/pdf",
		content: Buffer.from("%PDF-1.4 receipt"),
		now: t.clock.seconds(),
	});
	evidenceFile = `${BASE}/file/${file.id}`;
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
	t.app.inject({ method: "GET", url, headers: { accept: "application/json", ...headers } });

function expectAttachment(response: LightMyRequestResponse, type: RegExp): void {
	expect(response.statusCode).toBe(200);
	expect(response.headers["content-type"]).toMatch(type);
	expect(String(response.headers["content-disposition"])).toMatch(/^attachment;/);
	expect(response.headers["x-content-type-options"]).toBe("nosniff");
	expect(String(response.headers["cache-control"])).toContain("private");
}

describe("an export file is for the user who asked for it", () => {
	it("is served to its owner, as a CSV attachment", async () => {
		expectAttachment(await get(exportFile, owner.headers), /^text\/csv/);
	});

	it("is served to its owner following the e-mailed link with the session cookie alone", async () => {
		const cookieOnly = { cookie: owner.headers.cookie ?? "" };
		expectAttachment(await get(exportFile, cookieOnly), /^text\/csv/);
	});

	it("is refused to another manager of the same store, to a customer, and to another store", async () => {
		const other = await get(exportFile, colleague.headers);
		expect(other.statusCode).toBe(403);
		expectRestError(other);
		expect((await get(exportFile, customer.headers)).statusCode).toBe(403);
		const elsewhere = await get(exportFile, stranger.headers);
		expect(elsewhere.statusCode).toBe(404);
		expectRestError(elsewhere);
	});

	it("asks anonymous scripts to log in (401) and sends browsers to the login page", async () => {
		const anonymous = await get(exportFile);
		expect(anonymous.statusCode).toBe(401);
		expectRestError(anonymous);
		const browser = await get(exportFile, { accept: "text/html" });
		expect(browser.statusCode).toBe(302);
		expect(browser.headers.location).toMatch(/^\/wp-login\.php\?redirect_to=/);
		const forged = await get(exportFile, { cookie: `${SESSION_COOKIE}=not-a-real-session-token-123456` });
		expect(forged.statusCode).toBe(401);
	});

	it("expires: after its lifetime the link answers 410 Gone, even to its owner", async () => {
		t.clock.advance(EXPORT_TTL_SECONDS + 1);
		try {
			// A session of today: the one from a week ago has ended by now.
			const { token } = await createSession(t.db.kysely, owner.user, {
				now: t.clock.seconds(),
				ip: "127.0.0.1",
				userAgent: "vitest",
				remember: false,
			});
			const session = await findSession(t.db.kysely, token, t.clock.seconds());
			const headers = {
				cookie: `${SESSION_COOKIE}=${token}`,
				"x-wp-nonce": createNonce(session?.nonceSecret ?? "", "wp_rest", t.clock.seconds()),
			};
			const expired = await get(exportFile, headers);
			expect(expired.statusCode).toBe(410);
			expectRestError(expired);
			const status = await get(exportFile.replace(/\/file$/, ""), headers);
			expect(status.statusCode).toBe(410);
		} finally {
			t.clock.advance(-(EXPORT_TTL_SECONDS + 1));
		}
	});
});

describe("documents and evidence files are for their store's managers", () => {
	it("serves a document to its store as a PDF attachment", async () => {
		expectAttachment(await get(`${BASE}/documents/${documentId}`, owner.headers), /^application\/pdf/);
	});

	it("refuses a document to a customer (403) and to another store (404)", async () => {
		expect((await get(`${BASE}/documents/${documentId}`, customer.headers)).statusCode).toBe(403);
		const elsewhere = await get(`${BASE}/documents/${documentId}`, stranger.headers);
		expect(elsewhere.statusCode).toBe(404);
		expectRestError(elsewhere);
	});

	it("serves an evidence file with its stored type to its store only", async () => {
		// Shown in place (spec 3 §7), or downloaded with download=1.
		const shown = await get(evidenceFile, owner.headers);
		expect(String(shown.headers["content-disposition"])).toMatch(/^inline;/);
		expectAttachment(await get(`${evidenceFile}?download=1`, owner.headers), /^application\/pdf/);
		expect((await get(evidenceFile, customer.headers)).statusCode).toBe(403);
		expect((await get(evidenceFile, stranger.headers)).statusCode).toBe(404);
		expect((await get(`${evidenceFile}/content`, stranger.headers)).statusCode).toBe(404);
		expect((await get(evidenceFile)).statusCode).toBe(401);
	});
});
