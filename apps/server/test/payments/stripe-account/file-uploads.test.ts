/**
 * The Stripe client's uploads: Stripe takes files at files.stripe.com, multipart/form-data with
 * `purpose` and `file`; with STRIPE_API_BASE naming another Stripe, uploads go there too. An
 * upload carrying an Idempotency-Key is tried again after a 5xx, with the whole file each time.
 */
import { describe, expect, it } from "vitest";
import { StripeClients, type StripeTime } from "../../../src/processors/stripe/client.ts";

interface Sent {
	url: string;
	headers: Record<string, string>;
	body: FormData;
}

/** Clients whose fetch records each request and answers from `statuses`, then 200. */
function recording(options: { apiBase?: string }, statuses: number[] = []) {
	const sent: Sent[] = [];
	const time: StripeTime = { now: () => 0, sleep: async () => {} };
	const clients = new StripeClients({
		...options,
		time,
		fetch: async (input, init) => {
			sent.push({
				url: String(input),
				headers: init?.headers as Record<string, string>,
				body: init?.body as FormData,
			});
			const status = statuses.shift() ?? 200;
			const body = status === 200 ? { id: "file_stripe1", object: "file" } : { error: { message: "down" } };
			return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
		},
	});
	return { client: clients.client("sk_test_uploads"), sent };
}

const FILE = {
	purpose: "dispute_evidence",
	filename: "receipt.pdf",
	mimeType: "application/pdf",
	content: Buffer.from("%PDF-1.7\nreceipt"),
};

async function partsOf(form: FormData) {
	const file = form.get("file") as File;
	return {
		purpose: form.get("purpose"),
		name: file.name,
		type: file.type,
		bytes: Buffer.from(await file.arrayBuffer()).toString("utf8"),
	};
}

describe("uploading a file to Stripe", () => {
	it("goes to files.stripe.com as multipart, with the key and the Idempotency-Key", async () => {
		const { client, sent } = recording({});
		expect(await client.uploadFile(FILE, { idempotencyKey: "paydesk-file-1" })).toMatchObject({
			id: "file_stripe1",
		});
		expect(sent).toHaveLength(1);
		expect(sent[0]?.url).toBe("https://files.stripe.com/v1/files");
		expect(sent[0]?.headers).toMatchObject({
			authorization: "Bearer sk_test_uploads",
			"idempotency-key": "paydesk-file-1",
		});
		// fetch writes the multipart content type, with its boundary.
		expect(sent[0]?.headers["content-type"]).toBeUndefined();
		expect(await partsOf(sent[0]?.body as FormData)).toEqual({
			purpose: "dispute_evidence",
			name: "receipt.pdf",
			type: "application/pdf",
			bytes: "%PDF-1.7\nreceipt",
		});
	});

	it("goes to STRIPE_API_BASE when it names another Stripe", async () => {
		const { client, sent } = recording({ apiBase: "http://127.0.0.1:4010/" });
		await client.uploadFile(FILE);
		expect(sent[0]?.url).toBe("http://127.0.0.1:4010/v1/files");
	});

	it("is tried again after a 5xx with the whole file, only when it carries an Idempotency-Key", async () => {
		const keyed = recording({}, [503]);
		await keyed.client.uploadFile(FILE, { idempotencyKey: "paydesk-file-2" });
		expect(keyed.sent).toHaveLength(2);
		expect(keyed.sent[1]?.body).not.toBe(keyed.sent[0]?.body);
		expect((await partsOf(keyed.sent[1]?.body as FormData)).bytes).toBe("%PDF-1.7\nreceipt");

		const keyless = recording({}, [503]);
		await expect(keyless.client.uploadFile(FILE)).rejects.toMatchObject({ status: 503 });
		expect(keyless.sent).toHaveLength(1);
	});
});
