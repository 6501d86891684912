/**
 * Honest mail states: without SMTP_URL nothing leaves the machine, so mail is
 * `stored`, never `sent`; `sent` means an SMTP server took it; a server that keeps refusing
 * leaves it in `error` with the reason.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverPendingMail, MAX_ATTEMPTS, queueMail, recentMail } from "../../src/jobs/outbox.ts";
import { startJobRunner } from "../../src/jobs/runner.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

let t: TestApp;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
});
beforeEach(async () => {
	await t.db.kysely.deleteFrom("email_outbox").execute();
	await queueMail(
		t.db.kysely,
		{
			accountId: TEST_ACCOUNT,
			to: "merchant@example.com",
			subject: "Your export is ready",
			text: "Download it.",
		},
		t.clock.seconds(),
	);
});
afterAll(async () => t.close());

const theMail = async () => (await recentMail(t.db.kysely, 1))[0];

describe("mail without SMTP_URL", () => {
	it("is stored, not sent, by the server's job runner", async () => {
		const silent = { warn() {}, error() {}, info() {} } as unknown as Parameters<
			typeof startJobRunner
		>[0]["log"];
		const runner = startJobRunner({
			db: t.db,
			clock: t.clock,
			dataDir: t.dataDir,
			publicUrl: "http://localhost:8080",
			log: silent,
			intervalMs: 10,
		});
		try {
			for (let i = 0; i < 200 && (await theMail())?.status === "pending"; i++)
				await new Promise((resolve) => setTimeout(resolve, 10));
		} finally {
			await runner.stop();
		}
		expect(await theMail()).toMatchObject({ status: "stored", sent_at: null, attempts: 0 });
	});
});

describe("mail with an SMTP server", () => {
	it("is sent once the server takes it", async () => {
		const delivered: string[] = [];
		await deliverPendingMail(t.db, async (mail) => void delivered.push(mail.subject), t.clock.seconds());
		expect(delivered).toEqual(["Your export is ready"]);
		expect(await theMail()).toMatchObject({ status: "sent", sent_at: t.clock.seconds(), attempts: 1 });
	});

	it("stays pending while the server refuses, then is an error with the reason", async () => {
		const refusing = async () => {
			throw new Error("550 mailbox unavailable");
		};
		for (let i = 1; i < MAX_ATTEMPTS; i++) {
			await deliverPendingMail(t.db, refusing, t.clock.seconds());
			expect(await theMail()).toMatchObject({ status: "pending", attempts: i });
		}
		await deliverPendingMail(t.db, refusing, t.clock.seconds());
		expect(await theMail()).toMatchObject({ status: "error", sent_at: null, attempts: MAX_ATTEMPTS });
		expect((await theMail())?.last_error).toContain("550 mailbox unavailable");
	});
});
