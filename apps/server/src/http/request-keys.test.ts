/**
 * How a duplicate of a request waits for the first: on the row lock, not by polling. Two
 * RequestKeys on one database are two server processes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../testing/test-db.ts";
import {
	openRequestKeys,
	type RecordedAnswer,
	RequestKeyInUse,
	type RequestKeyScope,
} from "./request-keys.ts";

let db: TestDb;
const opened: { close(): Promise<void> }[] = [];
const open = (waitMs = 5_000) => {
	const keys = openRequestKeys(db, { waitMs, staleClaimSeconds: 60 });
	opened.push(keys);
	return keys;
};
let counter = 0;
const scope = (): RequestKeyScope => ({
	accountId: "acct_keys",
	userId: 1,
	key: `key-${++counter}`,
	method: "POST",
	path: "/wp-json/wc/v3/payments/transactions/download",
	fingerprint: "f1",
});
const answer: RecordedAnswer = { status: 200, contentType: "application/json", body: '{"export_id":"e1"}' };
const NOW = 1_760_000_000;
const postgres = () => db.dialect === "postgres";

beforeAll(async () => {
	db = await createTestDb();
});
afterAll(async () => {
	for (const keys of opened) await keys.close();
	await db.destroy();
});

/** Whether the promise is still pending after `ms`. */
async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
	const marker = Symbol("pending");
	const first = await Promise.race([
		promise,
		new Promise((resolve) => setTimeout(() => resolve(marker), ms)),
	]);
	return first === marker;
}

const claimed = async (promise: ReturnType<ReturnType<typeof open>["claim"]>) => {
	const claim = await promise;
	if (claim.state !== "claimed") throw new Error(`expected a claim, got ${claim.state}`);
	return claim;
};

describe("in one process, a duplicate waits for the first request's promise", () => {
	it("gets the first answer once it is kept, without a second claim", async () => {
		const keys = open();
		const request = scope();
		const first = await claimed(keys.claim(request, NOW));
		const duplicate = keys.claim(request, NOW);
		expect(await pendingAfter(duplicate, 100)).toBe(true);
		await first.finish(answer);
		expect(await duplicate).toEqual({ state: "replay", answer });
	});

	it("claims the key itself when the first request gives it back", async () => {
		const keys = open();
		const request = scope();
		const first = await claimed(keys.claim(request, NOW));
		const duplicate = keys.claim(request, NOW);
		await first.finish(null);
		const second = await claimed(duplicate);
		await second.finish(answer);
		expect(await keys.claim(request, NOW)).toEqual({ state: "replay", answer });
	});

	it("gives up with RequestKeyInUse when the first outlasts the wait", async () => {
		const keys = open(150);
		const request = scope();
		const first = await claimed(keys.claim(request, NOW));
		await expect(keys.claim(request, NOW)).rejects.toBeInstanceOf(RequestKeyInUse);
		await first.finish(null);
	});

	it("refuses the key for another body (IdempotencyKeyReused)", async () => {
		const keys = open();
		const request = scope();
		await (await claimed(keys.claim(request, NOW))).finish(answer);
		await expect(keys.claim({ ...request, fingerprint: "f2" }, NOW)).rejects.toMatchObject({
			name: "IdempotencyKeyReused",
		});
	});
});

describe("across processes", () => {
	it("makes a duplicate wait on the row lock (PostgreSQL) or answers in use at once (SQLite)", async () => {
		const processA = open();
		const processB = open();
		const request = scope();
		const first = await claimed(processA.claim(request, NOW));
		const duplicate = processB.claim(request, NOW);
		if (!postgres()) {
			await expect(duplicate).rejects.toBeInstanceOf(RequestKeyInUse);
			await first.finish(answer);
			expect(await processB.claim(request, NOW)).toEqual({ state: "replay", answer });
			return;
		}
		expect(await pendingAfter(duplicate, 300)).toBe(true);
		await first.finish(answer);
		expect(await duplicate).toEqual({ state: "replay", answer });
	});

	it("lets the other process claim a key given back", async () => {
		const processA = open();
		const processB = open();
		const request = scope();
		const first = await claimed(processA.claim(request, NOW));
		if (postgres()) {
			const duplicate = processB.claim(request, NOW);
			expect(await pendingAfter(duplicate, 200)).toBe(true);
			await first.finish(null);
			await (await claimed(duplicate)).finish(answer);
		} else {
			await first.finish(null);
			await (await claimed(processB.claim(request, NOW))).finish(answer);
		}
		expect(await processA.claim(request, NOW)).toEqual({ state: "replay", answer });
	});

	it("ends the other process's wait at the deadline (PostgreSQL's lock_timeout)", async () => {
		const processA = open();
		const processB = open(250);
		const request = scope();
		const first = await claimed(processA.claim(request, NOW));
		await expect(processB.claim(request, NOW)).rejects.toBeInstanceOf(RequestKeyInUse);
		await first.finish(null);
	});

	it("frees the key of a process that died: with its connection, or after a minute on SQLite", async () => {
		const dying = open();
		const request = scope();
		await claimed(dying.claim(request, NOW));
		if (postgres()) {
			// The process ends without finishing: its connection closes and the claim rolls back.
			await dying.close();
			await (await claimed(open().claim(request, NOW))).finish(answer);
		} else {
			// The dead process's claim stays committed until it is a minute old.
			await expect(open().claim(request, NOW + 60)).rejects.toBeInstanceOf(RequestKeyInUse);
			await (await claimed(open().claim(request, NOW + 61))).finish(answer);
		}
		expect(await open().claim(request, NOW)).toEqual({ state: "replay", answer });
	});
});
