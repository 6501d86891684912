/**
 * Dispute evidence files of a store connected to its own Stripe account: a file the merchant
 * uploaded to Paydesk is uploaded to Stripe's Files API (a Paydesk sandbox standing in for Stripe)
 * the first time evidence names it, and Stripe's dispute names Stripe's file, holding the same
 * bytes, while the store's copy keeps naming the merchant's own file. A second save, and a
 * retry, upload nothing again; Stripe out of reach is a 503 that changes nothing.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import type { UploadedFile } from "@paydesk/contract/files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyEvents, catchUpEvents } from "../../../src/payments/stripe-account/import/events.ts";
import { DISPUTE_ARRIVAL_DELAY } from "../../../src/processors/sandbox/timed-disputes.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { multipart, pdfOf } from "../../support/disputes-fixtures.ts";
import { BASE } from "../../support/invariants.ts";
import {
	applyKeptEvents,
	copyRunOf,
	STRIPE_SIDE,
	type StripePair,
	stripePair,
} from "../../support/stripe-pair.ts";

let pair: StripePair;
/** The disputes the store's copy holds, by the order they pay (the payment's amount). */
const disputeOf: Record<number, string> = {};

beforeAll(async () => {
	pair = await stripePair();
	for (const amount of [5200, 5300]) await pair.pay(amount, { payment_method: "pm_card_createDispute" });
	await pair.moveClock(DISPUTE_ARRIVAL_DELAY + 60);
	expect(await pair.connect()).toMatchObject({ status: "live" });
	const rows = await pair.store.db.kysely
		.selectFrom("disputes")
		.select(["id", "order_id"])
		.where("account_id", "=", TEST_ACCOUNT)
		.execute();
	for (const row of rows) disputeOf[Number(row.order_id)] = row.id;
	expect(Object.keys(disputeOf).sort()).toEqual(["5200", "5300"]);
});

afterAll(() => pair?.close());

/** A file uploaded through the store admin's own route, as the challenge form uploads it. */
async function upload(content: Buffer, filename: string): Promise<UploadedFile> {
	const body = multipart([
		{ name: "file", filename, type: "application/pdf", content },
		{ name: "purpose", value: "dispute_evidence" },
	]);
	const response = await pair.server.inject({
		method: "POST",
		url: `${BASE}/file`,
		headers: { ...pair.admin.headers, ...body.headers },
		payload: body.payload,
	});
	expect(response.statusCode, response.body).toBe(200);
	return response.json();
}

const saveEvidence = (disputeId: string, payload: object) =>
	pair.server.inject({
		method: "POST",
		url: `${BASE}/disputes/${disputeId}`,
		headers: pair.admin.headers,
		payload,
	});

/** The files the Stripe side holds, with their bytes. */
const stripeFiles = () =>
	pair.sandbox.db.kysely
		.selectFrom("files")
		.select(["id", "purpose", "filename", "content"])
		.where("account_id", "=", STRIPE_SIDE)
		.execute();

const copyEvidence = async (disputeId: string) =>
	JSON.parse(
		(
			await pair.store.db.kysely
				.selectFrom("disputes")
				.select("evidence")
				.where("account_id", "=", TEST_ACCOUNT)
				.where("id", "=", disputeId)
				.executeTakeFirstOrThrow()
		).evidence,
	) as Record<string, string>;

const uploadsKept = (fileId: string) =>
	pair.store.db.kysely
		.selectFrom("stripe_files")
		.select(["file_id", "stripe_file_id"])
		.where("account_id", "=", TEST_ACCOUNT)
		.where("file_id", "=", fileId)
		.execute();

describe("an evidence file the merchant uploaded to Paydesk", () => {
	it("reaches Stripe as Stripe's own file with the same bytes, and the copy keeps the merchant's", async () => {
		const disputeId = disputeOf[5200] as string;
		const bytes = Buffer.concat([pdfOf(64), Buffer.from("receipt of order 5200")]);
		const receipt = await upload(bytes, "receipt.pdf");
		const before = await stripeFiles();

		const saved = await saveEvidence(disputeId, {
			evidence: { receipt: receipt.id, product_description: "A mug" },
			metadata: { receipt: "receipt.pdf" },
			submit: false,
		});
		expect(saved.statusCode, saved.body).toBe(200);

		const onStripe = await pair.stripe.disputes.retrieve(disputeId);
		const stripeFileId = onStripe.evidence.receipt as string;
		expect(stripeFileId).toMatch(/^file_/);
		expect(stripeFileId).not.toBe(receipt.id);
		expect(onStripe.evidence.product_description).toBe("A mug");
		const added = (await stripeFiles()).filter((file) => !before.some((held) => held.id === file.id));
		expect(added.map((file) => file.id)).toEqual([stripeFileId]);
		expect(added[0]).toMatchObject({ purpose: "dispute_evidence", filename: "receipt.pdf" });
		expect(Buffer.from(added[0]?.content ?? []).equals(bytes)).toBe(true);
		expect((await pair.stripe.files.retrieve(stripeFileId)).size).toBe(bytes.length);

		// The copy, and the admin reading it, name the merchant's file.
		expect(await copyEvidence(disputeId)).toMatchObject({
			receipt: receipt.id,
			product_description: "A mug",
		});
		const shown = await pair.server.inject({
			method: "GET",
			url: `${BASE}/disputes/${disputeId}`,
			headers: pair.admin.headers,
		});
		expect(shown.json<Dispute>()).toMatchObject({
			evidence: { receipt: receipt.id },
			evidence_files: { receipt: { id: receipt.id, filename: "receipt.pdf", size: bytes.length } },
		});
		expect(await uploadsKept(receipt.id)).toEqual([{ file_id: receipt.id, stripe_file_id: stripeFileId }]);
	});

	it("a second save and the submission upload nothing again, and name the same Stripe file", async () => {
		const disputeId = disputeOf[5200] as string;
		const [kept] = await uploadsKept((await copyEvidence(disputeId)).receipt ?? "");
		const receiptId = kept?.file_id as string;
		const before = await stripeFiles();

		const again = await saveEvidence(disputeId, {
			evidence: { receipt: receiptId, customer_name: "Ana Silva" },
			submit: false,
		});
		expect(again.statusCode, again.body).toBe(200);
		const submitted = await saveEvidence(disputeId, {
			evidence: { receipt: receiptId, shipping_documentation: receiptId },
			metadata: { __product_type: "physical_product", shipping_documentation: "receipt.pdf" },
			submit: true,
		});
		expect(submitted.statusCode, submitted.body).toBe(200);

		expect((await stripeFiles()).map((file) => file.id).sort()).toEqual(before.map((file) => file.id).sort());
		const onStripe = await pair.stripe.disputes.retrieve(disputeId);
		expect(onStripe.status).toBe("under_review");
		expect(onStripe.evidence).toMatchObject({
			receipt: kept?.stripe_file_id,
			shipping_documentation: kept?.stripe_file_id,
			customer_name: "Ana Silva",
		});
		expect(await copyEvidence(disputeId)).toMatchObject({
			receipt: receiptId,
			shipping_documentation: receiptId,
		});
		expect(await uploadsKept(receiptId)).toHaveLength(1);
	});

	it("the dispute read again by the events' catch-up still names the merchant's files", async () => {
		const disputeId = disputeOf[5200] as string;
		const before = await copyEvidence(disputeId);
		const copy = copyRunOf(pair, "catch-up");
		expect(await catchUpEvents(copy)).toBeGreaterThan(0);
		await applyKeptEvents(copy);
		expect(await copyEvidence(disputeId)).toEqual(before);
		expect(before.receipt).not.toBe((await pair.stripe.disputes.retrieve(disputeId)).evidence.receipt);
	});

	it("an event's read of the dispute made before a save came back is read again, never written over it", async () => {
		const disputeId = disputeOf[5300] as string;
		await applyKeptEvents(copyRunOf(pair, "race"));
		await pair.store.db.kysely
			.insertInto("stripe_inbound_events")
			.values({
				account_id: TEST_ACCOUNT,
				id: "evt_race_dispute",
				type: "charge.dispute.updated",
				object_id: disputeId,
				created: pair.store.clock.seconds(),
				received_at: pair.store.clock.seconds(),
				applied_at: null,
				body: JSON.stringify({ id: "evt_race_dispute", data: { object: { id: disputeId } } }),
			})
			.execute();
		// The run's first read of the dispute is answered before the save, and held until the save is in.
		let answered: () => void = () => {};
		const read = new Promise<void>((resolve) => {
			answered = resolve;
		});
		let release: () => void = () => {};
		const gate = new Promise<void>((resolve) => {
			release = resolve;
		});
		let reads = 0;
		const running = applyEvents(
			copyRunOf(pair, "race", async (input, init) => {
				const response = await globalThis.fetch(input, init);
				if (new URL(String(input)).pathname === `/v1/disputes/${disputeId}` && reads++ === 0) {
					answered();
					await gate;
				}
				return response;
			}),
		);
		await read;
		const saved = await saveEvidence(disputeId, {
			evidence: { product_description: "A blue mug" },
			submit: false,
		});
		expect(saved.statusCode, saved.body).toBe(200);
		release();
		expect(await running).toMatchObject({ status: "applied", events: 1 });
		expect(reads).toBe(2);
		expect(await copyEvidence(disputeId)).toMatchObject({ product_description: "A blue mug" });
	});
});

describe("Stripe out of reach", () => {
	it("a save is a 503 that changes nothing, and the retry uploads the file once", async () => {
		const disputeId = disputeOf[5300] as string;
		const bytes = Buffer.concat([pdfOf(64), Buffer.from("conversation with the customer")]);
		const letter = await upload(bytes, "letter.pdf");
		const evidenceBefore = await copyEvidence(disputeId);
		const filesBefore = await stripeFiles();
		const payload = { evidence: { customer_communication: letter.id }, metadata: {}, submit: false };

		const closed = new Promise((resolve) => pair.sandbox.app.server.close(resolve));
		pair.sandbox.app.server.closeAllConnections();
		await closed;
		try {
			const refused = await saveEvidence(disputeId, payload);
			expect(refused.statusCode).toBe(503);
			expect(refused.json()).toMatchObject({
				code: "wcpay_stripe_unreachable",
				message: "Stripe could not be reached; nothing was changed.",
			});
			expect(await copyEvidence(disputeId)).toEqual(evidenceBefore);
			expect(await uploadsKept(letter.id)).toEqual([]);
		} finally {
			await new Promise<void>((resolve) =>
				pair.sandbox.app.server.listen(Number(new URL(pair.apiBase).port), "127.0.0.1", resolve),
			);
		}

		const retried = await saveEvidence(disputeId, payload);
		expect(retried.statusCode, retried.body).toBe(200);
		const added = (await stripeFiles()).filter((file) => !filesBefore.some((held) => held.id === file.id));
		expect(added).toHaveLength(1);
		expect(Buffer.from(added[0]?.content ?? []).equals(bytes)).toBe(true);
		expect((await pair.stripe.disputes.retrieve(disputeId)).evidence.customer_communication).toBe(
			added[0]?.id,
		);
		expect(await copyEvidence(disputeId)).toMatchObject({ customer_communication: letter.id });
	});
});
