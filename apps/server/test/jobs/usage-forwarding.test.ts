/**
 * The usage log leaves the machine only when USAGE_TRACKING_URL names a receiver: the job runner
 * then posts the events not yet forwarded as JSON, in batches of up to 100, and marks them
 * forwarded; a receiver that fails or cannot be reached leaves them for the next pass.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readEnv } from "../../src/env.ts";
import { startJobRunner } from "../../src/jobs/runner.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, TEST_NOW, type TestApp } from "../../src/testing/test-app.ts";
import { FORWARD_BATCH_SIZE, forwardUsageEvents, httpUsageSender } from "../../src/usage/forwarding.ts";
import { recordUsageEvents } from "../../src/usage/usage-log.ts";

const OTHER_ACCOUNT = "acct_othertracks";

interface ReceivedBatch {
	events: {
		id: string;
		account_id: string;
		user_id: number;
		name: string;
		properties: object;
		created: string;
	}[];
}

let t: TestApp;
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers next; what it has taken. */
let answerStatus = 200;
let received: ReceivedBatch[] = [];

async function bodyOf(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await insertTestAccount(db.kysely, OTHER_ACCOUNT);
		},
	});
	receiver = createServer((request, response) => {
		void bodyOf(request).then((body) => {
			expect(request.method).toBe("POST");
			expect(request.headers["content-type"]).toBe("application/json");
			if (answerStatus < 300) received.push(JSON.parse(body) as ReceivedBatch);
			response.writeHead(answerStatus).end();
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/collect`;
});
beforeEach(async () => {
	await t.db.kysely.deleteFrom("usage_events").execute();
	answerStatus = 200;
	received = [];
});
afterAll(async () => {
	await new Promise((resolve) => receiver.close(resolve));
	await t.close();
});

async function record(accountId: string, count: number): Promise<void> {
	const events = Array.from({ length: count }, (_, index) => ({
		name: "wcpay_page_view" as const,
		properties: { path: `/payments/page-${index}` },
	}));
	await recordUsageEvents(t.db.kysely, { accountId, userId: 7, created: t.clock.seconds() }, events);
}

const unforwarded = async () =>
	(await t.db.kysely.selectFrom("usage_events").select("id").where("forwarded_at", "is", null).execute())
		.length;

const silent = { warn() {}, error() {}, info() {} } as unknown as Parameters<typeof startJobRunner>[0]["log"];

function runner(usageTrackingUrl?: string) {
	return startJobRunner({
		db: t.db,
		clock: t.clock,
		dataDir: t.dataDir,
		publicUrl: "http://localhost:8080",
		log: silent,
		intervalMs: 10,
		usageTrackingUrl,
	});
}

async function until(done: () => Promise<boolean>): Promise<void> {
	for (let i = 0; i < 300 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("USAGE_TRACKING_URL", () => {
	it("is unset by default, and must be an http:// or https:// URL when set", () => {
		expect(readEnv({}).USAGE_TRACKING_URL).toBeUndefined();
		expect(readEnv({ USAGE_TRACKING_URL: "https://usage.example/collect" }).USAGE_TRACKING_URL).toBe(
			"https://usage.example/collect",
		);
		for (const value of ["ftp://usage.example/collect", "https://", "usage.example/collect"])
			expect(() => readEnv({ USAGE_TRACKING_URL: value }), value).toThrow(
				"USAGE_TRACKING_URL: must be an http:// or https:// URL",
			);
	});
});

describe("forwarding the usage log", () => {
	it("sends nothing anywhere without USAGE_TRACKING_URL", async () => {
		await record(TEST_ACCOUNT, 3);
		const jobs = runner();
		try {
			await new Promise((resolve) => setTimeout(resolve, 200));
		} finally {
			await jobs.stop();
		}
		expect(received).toEqual([]);
		expect(await unforwarded()).toBe(3);
	});

	it("posts the events to USAGE_TRACKING_URL in batches of up to 100, and marks them forwarded", async () => {
		await record(TEST_ACCOUNT, 130);
		await record(OTHER_ACCOUNT, 20);
		const jobs = runner(receiverUrl);
		try {
			await until(async () => (await unforwarded()) === 0);
		} finally {
			await jobs.stop();
		}
		expect(received.map((batch) => batch.events.length)).toEqual([FORWARD_BATCH_SIZE, 50]);
		const events = received.flatMap((batch) => batch.events);
		expect(new Set(events.map((event) => event.id)).size).toBe(150);
		expect(events.filter((event) => event.account_id === OTHER_ACCOUNT)).toHaveLength(20);
		expect(events[0]).toEqual({
			id: expect.stringMatching(/^use_/),
			account_id: expect.any(String),
			user_id: 7,
			name: "wcpay_page_view",
			properties: { path: expect.stringMatching(/^\/payments\/page-\d+$/) },
			created: TEST_NOW.toISOString(),
		});
		const stamps = await t.db.kysely.selectFrom("usage_events").select("forwarded_at").distinct().execute();
		expect(stamps).toEqual([{ forwarded_at: t.clock.seconds() }]);
	});

	it("leaves the events for the next pass when the receiver fails or cannot be reached, then sends them once", async () => {
		await record(TEST_ACCOUNT, 5);
		answerStatus = 503;
		await expect(
			forwardUsageEvents(t.db.kysely, httpUsageSender(receiverUrl), t.clock.seconds()),
		).rejects.toThrow("503");
		expect(await unforwarded()).toBe(5);

		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
		const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/collect`;
		await new Promise((resolve) => closed.close(resolve));
		await expect(forwardUsageEvents(t.db.kysely, httpUsageSender(gone), t.clock.seconds())).rejects.toThrow();
		expect(await unforwarded()).toBe(5);

		answerStatus = 200;
		expect(await forwardUsageEvents(t.db.kysely, httpUsageSender(receiverUrl), t.clock.seconds())).toBe(5);
		expect(await forwardUsageEvents(t.db.kysely, httpUsageSender(receiverUrl), t.clock.seconds())).toBe(0);
		expect(received.map((batch) => batch.events.length)).toEqual([5]);
		expect(await unforwarded()).toBe(0);
	});
});
