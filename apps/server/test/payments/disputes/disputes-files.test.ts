import type { Dispute } from "@paydesk/contract/disputes";
import type { FileDetails, UploadedFile } from "@paydesk/contract/files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import {
	disputeFixture,
	insertDisputes,
	JPEG_HEAD,
	multipart,
	PNG_HEAD,
	pdfOf,
} from "../../support/disputes-fixtures.ts";

const FILE = "/wp-json/wc/v3/payments/file";
const DISPUTES = "/wp-json/wc/v3/payments/disputes";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await insertDisputes(db, [disputeFixture({ id: "du_files" }), disputeFixture({ id: "du_boundary" })]);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

function upload(
	content: Buffer,
	filename = "evidence.pdf",
	purpose: string | null = "dispute_evidence",
	type = "application/pdf",
) {
	const body = multipart([
		// The admin's FormData sends the file first, then the purpose.
		{ name: "file", filename, type, content },
		...(purpose === null ? [] : [{ name: "purpose", value: purpose }]),
	]);
	return t.app.inject({
		method: "POST",
		url: FILE,
		headers: { ...admin.headers, ...body.headers },
		payload: body.payload,
	});
}

async function uploaded(content: Buffer, filename?: string): Promise<UploadedFile> {
	const response = await upload(content, filename);
	expect(response.statusCode).toBe(200);
	return json<UploadedFile>(response);
}

describe("POST /file (spec 3 §3.7, §5.1)", () => {
	it("stores a PDF for dispute evidence and answers id, filename and size", async () => {
		const response = await upload(pdfOf(1_234), "receipt.pdf");
		expect(response.statusCode).toBe(200);
		const body = json<UploadedFile>(response);
		expect(body).toEqual({ id: expect.stringMatching(/^file_\w+$/), filename: "receipt.pdf", size: 1_234 });
	});

	it("accepts PNG and JPEG by their content", async () => {
		expect((await upload(PNG_HEAD, "photo.png", "dispute_evidence", "image/png")).statusCode).toBe(200);
		expect((await upload(JPEG_HEAD, "scan.jpg", "dispute_evidence", "image/jpeg")).statusCode).toBe(200);
	});

	it("checks the type by content, not by name: HTML named .pdf is refused, a PDF named .txt is a PDF", async () => {
		const html = await upload(Buffer.from("<html><script>alert(1)</script></html>"), "invoice.pdf");
		expect(html.statusCode).toBe(400);
		expect(json<{ code: string }>(html).code).toBe("wcpay_invalid_file_type");
		const gif = await upload(Buffer.from("GIF89a......"), "a.png", "dispute_evidence", "image/png");
		expect(json<{ code: string }>(gif).code).toBe("wcpay_invalid_file_type");
		const pdf = await uploaded(pdfOf(100), "notes.txt");
		const details = await t.app.inject({ url: `${FILE}/${pdf.id}/details`, headers: admin.headers });
		expect(json<FileDetails>(details).type).toBe("application/pdf");
	});

	it("accepts a file of exactly 4,500,000 bytes and refuses one byte more while it streams", async () => {
		expect((await uploaded(pdfOf(4_500_000))).size).toBe(4_500_000);
		const over = await upload(pdfOf(4_500_001));
		expect(over.statusCode).toBe(413);
		expect(json<{ code: string }>(over).code).toBe("wcpay_file_too_large");
	});

	it("needs purpose=dispute_evidence and a file", async () => {
		const noPurpose = await upload(pdfOf(100), "a.pdf", null);
		expect(noPurpose.statusCode).toBe(400);
		expect(json<{ data: { params: Record<string, string> } }>(noPurpose).data.params).toHaveProperty(
			"purpose",
		);
		expect((await upload(pdfOf(100), "a.pdf", "identity_document")).statusCode).toBe(400);
		const noFile = multipart([{ name: "purpose", value: "dispute_evidence" }]);
		const response = await t.app.inject({
			method: "POST",
			url: FILE,
			headers: { ...admin.headers, ...noFile.headers },
			payload: noFile.payload,
		});
		expect(json<{ code: string }>(response).code).toBe("wcpay_missing_file");
	});

	it("is refused to a customer before anything is read", async () => {
		const customer = await t.actor("customer");
		const body = multipart([
			{ name: "file", filename: "a.pdf", type: "application/pdf", content: pdfOf(10) },
		]);
		const response = await t.app.inject({
			method: "POST",
			url: FILE,
			headers: { ...customer.headers, ...body.headers },
			payload: body.payload,
		});
		expect(response.statusCode).toBe(403);
	});
});

describe("reading files back (spec 3 §7)", () => {
	it("answers details, base64 content, and the file itself, shown in place as its stored type with nosniff", async () => {
		const file = await uploaded(Buffer.concat([PNG_HEAD, Buffer.alloc(20)]), "proof.png");
		const details = json<FileDetails>(
			await t.app.inject({ url: `${FILE}/${file.id}/details`, headers: admin.headers }),
		);
		expect(details).toMatchObject({
			id: file.id,
			filename: "proof.png",
			size: 32,
			purpose: "dispute_evidence",
			type: "image/png",
		});

		const content = await t.app.inject({ url: `${FILE}/${file.id}/content`, headers: admin.headers });
		const body = json<{ file_content: string; filename: string }>(content);
		expect(body.filename).toBe("proof.png");
		expect(Buffer.from(body.file_content, "base64").subarray(0, 8)).toEqual(PNG_HEAD.subarray(0, 8));

		const served = await t.app.inject({ url: `${FILE}/${file.id}`, headers: admin.headers });
		expect(served.statusCode).toBe(200);
		expect(served.headers["content-type"]).toBe("image/png");
		expect(served.headers["content-disposition"]).toMatch(/^inline; filename="proof.png"/);
		expect(served.headers["x-content-type-options"]).toBe("nosniff");
		expect(served.rawPayload.length).toBe(32);

		expect((await t.app.inject({ url: `${FILE}/file_missing`, headers: admin.headers })).statusCode).toBe(
			404,
		);
	});

	it("keeps files across a restart: they live in the database", async () => {
		const file = await uploaded(pdfOf(500), "kept.pdf");
		const restarted = await t.anotherServer();
		const response = await restarted.inject({ url: `${FILE}/${file.id}/details`, headers: admin.headers });
		expect(json<FileDetails>(response).filename).toBe("kept.pdf");
		await restarted.close();
	});
});

describe("a dispute's files may weigh 4,500,000 bytes together (spec 3 §5.1, §9)", () => {
	it("saves files totalling exactly 4,500,000 bytes and refuses one byte more", async () => {
		const big = await uploaded(pdfOf(4_000_000), "big.pdf");
		const rest = await uploaded(pdfOf(500_000), "rest.pdf");
		const restPlusOne = await uploaded(pdfOf(500_001), "rest-plus-one.pdf");

		const ok = await t.app.inject({
			method: "POST",
			url: `${DISPUTES}/du_boundary`,
			headers: admin.headers,
			payload: {
				evidence: { receipt: big.id, customer_communication: rest.id },
				metadata: { receipt: "big.pdf", customer_communication: "rest.pdf" },
			},
		});
		expect(ok.statusCode).toBe(200);
		expect(json<Dispute>(ok).evidence_files).toEqual({ receipt: big, customer_communication: rest });

		const over = await t.app.inject({
			method: "POST",
			url: `${DISPUTES}/du_boundary`,
			headers: admin.headers,
			payload: { evidence: { customer_communication: restPlusOne.id } },
		});
		expect(over.statusCode).toBe(400);
		expect(json<{ code: string }>(over).code).toBe("wcpay_evidence_files_too_large");
	});

	it("refuses evidence naming a file that was never uploaded, and clears a file's name with its field", async () => {
		const unknown = await t.app.inject({
			method: "POST",
			url: `${DISPUTES}/du_files`,
			headers: admin.headers,
			payload: { evidence: { receipt: "file_forged" } },
		});
		expect(unknown.statusCode).toBe(400);
		expect(json<{ data: { params: Record<string, string> } }>(unknown).data.params).toHaveProperty(
			"evidence.receipt",
		);

		const file = await uploaded(pdfOf(300), "r.pdf");
		await t.app.inject({
			method: "POST",
			url: `${DISPUTES}/du_files`,
			headers: admin.headers,
			payload: { evidence: { receipt: file.id }, metadata: { receipt: "r.pdf" } },
		});
		const cleared = await t.app.inject({
			method: "POST",
			url: `${DISPUTES}/du_files`,
			headers: admin.headers,
			payload: { evidence: { receipt: "" } },
		});
		expect(json<Dispute>(cleared)).toMatchObject({ evidence: {}, metadata: {}, evidence_files: {} });
	});
});
