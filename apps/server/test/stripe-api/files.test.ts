/**
 * File uploads through Stripe's official SDK: multipart on `/v1/files` only, read by the
 * admin's upload code (type by the first bytes, size limit), the same file the admin serves;
 * every other `/v1` route still refuses a multipart body.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE } from "../support/invariants.ts";

const OTHER_ACCOUNT = "acct_files_other";
const PNG = Buffer.concat([
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
	Buffer.alloc(120, 7),
]);
const PDF = Buffer.from("%PDF-1.4\n% a receipt\n%%EOF\n");

let t: TestApp;
let admin: Actor;
let stripe: Stripe;
let other: Stripe;
let secret: string;
let port: number;

function client(key: string): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
}

async function stripeError(work: Promise<unknown>): Promise<Stripe.errors.StripeError> {
	const error = await work.then(
		() => null,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(Stripe.errors.StripeError);
	return error as Stripe.errors.StripeError;
}

const fileCount = async () =>
	(await t.db.kysely.selectFrom("files").select("id").where("account_id", "=", TEST_ACCOUNT).execute())
		.length;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 });
			await insertTestAccount(db.kysely, OTHER_ACCOUNT, { test_mode: 1 });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	admin = await t.actor("administrator");
	secret = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "files", t.clock.seconds())).secret;
	stripe = client(secret);
	other = client((await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds())).secret);
});

afterAll(() => t.close());

describe("files", () => {
	it("uploads dispute evidence that the admin serves as the same file", async () => {
		const file = await stripe.files.create({
			purpose: "dispute_evidence",
			file: { data: PNG, name: "receipt.png", type: "image/png" },
		});
		expect(file).toMatchObject({
			object: "file",
			purpose: "dispute_evidence",
			filename: "receipt.png",
			size: PNG.length,
			type: "png",
		});
		expect(file.id).toMatch(/^file_/);
		expect(await stripe.files.retrieve(file.id)).toEqual(file);

		const details = await t.app.inject({
			method: "GET",
			url: `${BASE}/file/${file.id}/details`,
			headers: admin.headers,
		});
		expect(details.statusCode).toBe(200);
		expect(json<{ id: string; size: number }>(details)).toMatchObject({ id: file.id, size: PNG.length });
		const content = await t.app.inject({
			method: "GET",
			url: `${BASE}/file/${file.id}/content`,
			headers: admin.headers,
		});
		expect(Buffer.from(json<{ file_content: string }>(content).file_content, "base64")).toEqual(PNG);

		// A second later, so the list's order (newest first) does not rest on the ids.
		t.clock.advance(1);
		const pdf = await stripe.files.create({
			purpose: "dispute_evidence",
			file: { data: PDF, name: "policy", type: "application/pdf" },
		});
		expect(pdf).toMatchObject({ filename: "policy.pdf", type: "pdf" });
		const listed = await stripe.files.list({ purpose: "dispute_evidence", limit: 1 });
		expect(listed.data.map((item) => item.id)).toEqual([pdf.id]);
		expect(listed.has_more).toBe(true);
	});

	it("refuses what is not evidence, and writes nothing", async () => {
		const before = await fileCount();
		const page = await stripeError(
			stripe.files.create({
				purpose: "dispute_evidence",
				file: { data: Buffer.from("<html>hello</html>"), name: "page.png", type: "image/png" },
			}),
		);
		expect(page.statusCode).toBe(400);
		expect(page.message).toContain("PDF, PNG or JPEG");
		const purpose = await stripeError(
			stripe.files.create({
				purpose: "identity_document",
				file: { data: PNG, name: "id.png", type: "image/png" },
			}),
		);
		expect(purpose).toMatchObject({ statusCode: 400, param: "purpose" });
		const form = await fetch(`http://127.0.0.1:${port}/v1/files`, {
			method: "POST",
			headers: { authorization: `Bearer ${secret}`, "content-type": "application/x-www-form-urlencoded" },
			body: "purpose=dispute_evidence&file=abc",
		});
		expect(form.status).toBe(400);
		expect(((await form.json()) as { error: { param: string } }).error.param).toBe("file");
		expect(await fileCount()).toBe(before);
	});

	it("keeps every other route form-only, and another account's files out of reach", async () => {
		const body = new FormData();
		body.set("amount", "1000");
		body.set("currency", "usd");
		const multipart = await fetch(`http://127.0.0.1:${port}/v1/payment_intents`, {
			method: "POST",
			headers: { authorization: `Bearer ${secret}` },
			body,
		});
		expect(multipart.status).toBe(400);
		const answer = (await multipart.json()) as { error: { type: string; message: string } };
		expect(answer.error.type).toBe("invalid_request_error");
		expect(answer.error.message).toContain("form-encoded");

		const unauthenticated = await fetch(`http://127.0.0.1:${port}/v1/files`, { method: "POST", body });
		expect(unauthenticated.status).toBe(401);

		const file = await stripe.files.create({
			purpose: "dispute_evidence",
			file: { data: PNG, name: "mine.png", type: "image/png" },
		});
		const hidden = await stripeError(other.files.retrieve(file.id));
		expect(hidden).toMatchObject({ statusCode: 404, code: "resource_missing" });
		expect((await other.files.list()).data).toEqual([]);
	});
});
