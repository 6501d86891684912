/**
 * Uploads cannot smuggle a page or exhaust memory: only files whose first bytes say
 * PDF, PNG or JPEG are kept, whatever their name or declared type; an oversized body is refused
 * while it arrives, long before it is all read; files are served with their stored type as
 * attachments with nosniff, and never from a path the client chose.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";
import { JPEG_HEAD, multipart, PNG_HEAD } from "../../support/disputes-fixtures.ts";
import { BASE, expectRestError } from "../../support/invariants.ts";

let t: TestApp;
let manager: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	manager = await t.actor("shop_manager");
});
afterAll(async () => t.close());

function upload(filename: string, type: string, content: Buffer) {
	const body = multipart([
		{ name: "purpose", value: "dispute_evidence" },
		{ name: "file", filename, type, content },
	]);
	return t.app.inject({
		method: "POST",
		url: `${BASE}/file`,
		headers: { ...manager.headers, ...body.headers },
		payload: body.payload,
	});
}

const fileCount = async () => (await t.db.kysely.selectFrom("files").select("id").execute()).length;

describe("only content-sniffed PDF, PNG and JPEG files are kept", () => {
	it.each([
		["page.png", "image/png", Buffer.from("<html><script>alert(1)</script></html>")],
		[
			"image.svg",
			"image/svg+xml",
			Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
		],
		["anim.gif", "image/gif", Buffer.from("GIF89a<script>alert(1)</script>")],
		["run.pdf", "application/pdf", Buffer.from("MZ\x90\x00 not a pdf")],
		["empty.pdf", "application/pdf", Buffer.alloc(0)],
	])("refuses %s declared as %s", async (name, type, content) => {
		const before = await fileCount();
		const response = await upload(name, type, content);
		expect(response.statusCode).toBe(400);
		expectRestError(response);
		expect(await fileCount()).toBe(before);
	});

	it("types a file by its bytes, not by its name or declared type, and names it with that type's extension", async () => {
		const png = Buffer.concat([PNG_HEAD, Buffer.from("<script>alert(1)</script>")]);
		const response = await upload("invoice.html", "text/html", png);
		expect(response.statusCode).toBe(200);
		const details = await t.app.inject({
			method: "GET",
			url: `${BASE}/file/${response.json().id}/details`,
			headers: manager.headers,
		});
		expect(response.json()).toMatchObject({ filename: "invoice.png" });
		expect(details.json()).toMatchObject({ type: "image/png", filename: "invoice.png" });
	});
});

describe("files are shown in place as their stored type, or downloaded (spec 3 §7)", () => {
	it("shows an image in place, in a sandbox that runs nothing, and downloads it with download=1", async () => {
		const uploaded = await upload("receipt.png", "image/png", Buffer.concat([PNG_HEAD, Buffer.alloc(32)]));
		const shown = await t.app.inject({
			method: "GET",
			url: `${BASE}/file/${uploaded.json().id}`,
			headers: manager.headers,
		});
		expect(shown.statusCode).toBe(200);
		expect(shown.headers["content-type"]).toBe("image/png");
		expect(String(shown.headers["content-disposition"])).toMatch(/^inline; filename="receipt.png"/);
		expect(String(shown.headers["content-security-policy"])).toBe(
			"default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
		);
		expect(shown.headers["x-content-type-options"]).toBe("nosniff");
		const downloaded = await t.app.inject({
			method: "GET",
			url: `${BASE}/file/${uploaded.json().id}?download=1`,
			headers: manager.headers,
		});
		expect(String(downloaded.headers["content-disposition"])).toMatch(/^attachment; filename="receipt.png"/);
	});

	it("shows a PDF in place, in the browser's viewer and with no script of this origin", async () => {
		const uploaded = await upload("terms.pdf", "application/pdf", Buffer.from("%PDF-1.4\n%%EOF"));
		const shown = await t.app.inject({
			method: "GET",
			url: `${BASE}/file/${uploaded.json().id}`,
			headers: manager.headers,
		});
		expect(shown.headers["content-type"]).toBe("application/pdf");
		expect(String(shown.headers["content-disposition"])).toMatch(/^inline;/);
		const policy = String(shown.headers["content-security-policy"]);
		expect(policy).toContain("default-src 'none'");
		expect(policy).not.toContain("script-src");
	});

	it("sends the stored type with a safe Content-Disposition and nosniff, whatever the file's name", async () => {
		const uploaded = await upload(
			'evil"name\r\nX-Injected: 1.jpg',
			"image/jpeg",
			Buffer.concat([JPEG_HEAD, Buffer.alloc(64)]),
		);
		expect(uploaded.statusCode).toBe(200);
		const served = await t.app.inject({
			method: "GET",
			url: `${BASE}/file/${uploaded.json().id}`,
			headers: manager.headers,
		});
		expect(served.statusCode).toBe(200);
		expect(served.headers["content-type"]).toBe("image/jpeg");
		expect(String(served.headers["content-disposition"])).toMatch(/^inline; filename="[^"\r\n]*"/);
		expect(served.headers["x-content-type-options"]).toBe("nosniff");
		expect(served.headers["x-injected"]).toBeUndefined();
	});

	it("keeps only the last segment of a file name, and never reads a path the client chose", async () => {
		const uploaded = await upload(
			"../../../../etc/passwd.pdf",
			"application/pdf",
			Buffer.from("%PDF-1.4\n%%EOF"),
		);
		expect(uploaded.json().filename).toBe("passwd.pdf");
		for (const name of ["..%2F..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "....%2F%2Fetc%2Fpasswd"]) {
			const response = await t.app.inject({
				method: "GET",
				url: `${BASE}/file/${name}`,
				headers: manager.headers,
			});
			expect([400, 404]).toContain(response.statusCode);
			expectRestError(response);
			expect(response.body).not.toContain("root:");
		}
	});
});

/**
 * Streams a body of `totalBytes` to a real listening server in 64 kB chunks, stopping as soon
 * as an answer arrives; answers the status and how many bytes were sent by then.
 */
async function streamUpload(headers: Record<string, string>, head: Buffer, totalBytes: number) {
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	const { port } = t.app.server.address() as AddressInfo;
	return new Promise<{ status: number; sent: number }>((resolve, reject) => {
		let sent = 0;
		let answered = false;
		const request = http.request(
			{
				host: "127.0.0.1",
				port,
				method: "POST",
				path: `${BASE}/file`,
				headers: { ...headers, "transfer-encoding": "chunked" },
			},
			(response) => {
				answered = true;
				response.resume();
				// Stop sending: the rest of the body is refused anyway, and the server can close.
				request.destroy();
				resolve({ status: response.statusCode ?? 0, sent });
			},
		);
		request.on("error", (error) => (answered ? undefined : reject(error)));
		const chunk = Buffer.alloc(64 * 1024, 0x20);
		const pump = () => {
			while (!answered && sent < totalBytes) {
				const piece = sent === 0 ? Buffer.concat([head, chunk]) : chunk;
				sent += piece.length;
				if (!request.write(piece)) return void request.once("drain", pump);
			}
			if (!answered) request.end();
		};
		pump();
	});
}

describe("upload limits are enforced while the body arrives", () => {
	it("answers 413 to a 200 MB upload after reading little more than the 4.5 MB limit", async () => {
		const boundary = "----paydeskhardening";
		const head = Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ndispute_evidence\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
		);
		const before = await fileCount();
		const { status, sent } = await streamUpload(
			{ ...manager.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
			head,
			200 * 1024 * 1024,
		);
		expect(status).toBe(413);
		// The client was still sending when it was refused: the server never held the whole body.
		expect(sent).toBeLessThan(40 * 1024 * 1024);
		expect(await fileCount()).toBe(before);
	});

	it("answers an upload cut short (no closing boundary) with 400, not a server error", async () => {
		const boundary = "----paydeskcut";
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/file`,
			headers: { ...manager.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
			payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and then nothing`,
		});
		expect(response.statusCode).toBe(400);
		expectRestError(response);
	});

	it("refuses a JSON body above 1 MB with 413 in the REST shape", async () => {
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: { ...manager.headers, "content-type": "application/json" },
			payload: JSON.stringify({ wcpay_big: "x".repeat(2 * 1024 * 1024) }),
		});
		expect(response.statusCode).toBe(413);
		expectRestError(response);
	});
});
