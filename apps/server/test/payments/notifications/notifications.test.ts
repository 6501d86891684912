/**
 * The notification centre: each kind is reached by using Paydesk — a fraud rule
 * holding a payment, a dispute card, the test clock reaching a payout or a deadline, an export
 * job finishing — and read per user, in their language.
 */
import type { Notification, NotificationList } from "@paydesk/contract/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPendingJobs } from "../../../src/jobs/runner.ts";
import {
	NOTIFICATION_RETENTION_SECONDS,
	notify,
	purgeNotifications,
} from "../../../src/notifications/notify.ts";
import { DISPUTE_ARRIVAL_DELAY } from "../../../src/processors/sandbox/timed-disputes.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { pay, paymentBody, saveFraudFilters } from "../../support/intake-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const DAY = 86_400;
let t: TestApp;
let admin: Actor;
let manager: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
	manager = await t.actor("shop_manager");
});
afterAll(async () => t.close());

const bell = async (actor: Actor, query = "") =>
	json<NotificationList>(
		await t.app.inject({ method: "GET", url: `${BASE}/notifications${query}`, headers: actor.headers }),
	);
const post = (actor: Actor, url: string) =>
	t.app.inject({
		method: "POST",
		url,
		headers: { ...actor.headers, "content-type": "application/json" },
		payload: "{}",
	});
const mailTo = (accountId: string) =>
	t.db.kysely.selectFrom("email_outbox").select("subject").where("account_id", "=", accountId).execute();

let accounts = 0;
/** A sandbox account of its own, so its clock and bell start empty. */
async function freshSandbox(overrides: Parameters<typeof insertTestAccount>[2] = {}) {
	accounts++;
	const id = `acct_bell${accounts}`;
	await insertTestAccount(t.db.kysely, id, { test_mode: 1, ...overrides });
	return { id, actor: await t.actor("administrator", id) };
}
const advance = async (actor: Actor, seconds: number) => {
	const response = await t.app.inject({
		method: "POST",
		url: `${BASE}/sandbox/clock`,
		headers: actor.headers,
		payload: { advance: seconds },
	});
	expect(response.statusCode).toBe(200);
};

describe("the notifications each change raises", () => {
	it("a payment a fraud rule holds for review, for every user of the store, with its e-mail", async () => {
		await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, {
			purchase_price_threshold: { enabled: true, block: false, min_amount: null, max_amount: 1000 },
		});
		const { intent } = await pay(t, admin.headers, paymentBody());
		await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, {});
		expect(intent.charge?.outcome?.type).toBe("manual_review");
		for (const actor of [admin, manager]) {
			const { notifications, unread } = await bell(actor);
			expect(unread).toBe(1);
			expect(notifications[0]).toMatchObject({
				type: "payment_review",
				read: false,
				title: "A $50.00 payment is held for review",
				link: {
					label: "Review payment",
					url: `/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=${intent.id}`,
				},
			});
		}
		expect((await mailTo(TEST_ACCOUNT)).map((mail) => mail.subject)).toContain(
			"A $50.00 payment is held for review",
		);
	});

	it("reading is per user: one read, then all read", async () => {
		const [first] = (await bell(admin)).notifications;
		const read = await post(admin, `${BASE}/notifications/${first?.id}/read`);
		expect(read.statusCode).toBe(200);
		expect(json<Notification>(read)).toMatchObject({ id: first?.id, read: true });
		expect((await bell(admin)).unread).toBe(0);
		expect((await bell(admin, "?unread_only=1")).notifications).toEqual([]);
		expect((await bell(manager)).unread).toBe(1);
		const all = json<NotificationList>(await post(manager, `${BASE}/notifications/read`));
		expect(all.unread).toBe(0);
		expect(all.notifications.every((notification) => notification.read)).toBe(true);
		const missing = await post(admin, `${BASE}/notifications/ntf_nothing/read`);
		expect(missing.statusCode).toBe(404);
		expect(json(missing)).toMatchObject({ code: "wcpay_notification_not_found" });
		const bad = await post(admin, `${BASE}/notifications/1;drop/read`);
		expect(bad.statusCode).toBe(400);
	});

	it("a new dispute, then its evidence due within 72 hours (not a second earlier), e-mailed", async () => {
		const { id, actor } = await freshSandbox();
		await pay(t, actor.headers, paymentBody("4000000000000259"));
		await advance(actor, DISPUTE_ARRIVAL_DELAY);
		const dispute = await t.db.kysely
			.selectFrom("disputes")
			.selectAll()
			.where("account_id", "=", id)
			.executeTakeFirstOrThrow();
		const [created] = (await bell(actor)).notifications;
		expect(created).toMatchObject({
			type: "dispute_created",
			title: "A $50.00 payment was disputed",
			link: { url: `/wp-admin/admin.php?page=wc-admin&path=/payments/disputes/details&id=${dispute.id}` },
		});
		const clock = json<{ now: number }>(
			await t.app.inject({ method: "GET", url: `${BASE}/sandbox/clock`, headers: actor.headers }),
		);
		const reminder = dispute.due_by - 72 * 3600;
		await advance(actor, reminder - 1 - clock.now);
		expect((await bell(actor)).notifications.map((row) => row.type)).toEqual(["dispute_created"]);
		await advance(actor, 1);
		const [due] = (await bell(actor)).notifications;
		expect(due).toMatchObject({ type: "dispute_evidence_due", created: reminder });
		expect(due?.title).toMatch(/^Evidence for a \$50\.00 dispute is due by /);
		expect((await mailTo(id)).map((mail) => mail.subject)).toContain(due?.title);
		// Time goes on: still one reminder.
		await advance(actor, DAY);
		expect(
			(await bell(actor)).notifications.filter((row) => row.type === "dispute_evidence_due"),
		).toHaveLength(1);
	});

	it("a payout to the failing test bank account", async () => {
		const banks = JSON.stringify([
			{ currency: "usd", status: "verified", bank_name: "STRIPE TEST BANK", last4: "1116" },
		]);
		const { id, actor } = await freshSandbox({ external_accounts: banks });
		await pay(t, actor.headers, paymentBody());
		await advance(actor, 6 * DAY);
		const payout = await t.db.kysely
			.selectFrom("payouts")
			.selectAll()
			.where("account_id", "=", id)
			.executeTakeFirstOrThrow();
		expect(payout.status).toBe("failed");
		const [failed] = (await bell(actor)).notifications;
		expect(failed).toMatchObject({
			type: "payout_failed",
			title: `A ${"$"}${(payout.amount / 100).toFixed(2)} payout failed`,
			link: {
				label: "View payout",
				url: `/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=${payout.id}`,
			},
		});
	});

	it("an export, for the user who asked only, with a link that downloads the file", async () => {
		const requested = await t.app.inject({
			method: "POST",
			url: `${BASE}/transactions/download`,
			headers: manager.headers,
			payload: {},
		});
		const { export_id } = json<{ export_id: string }>(requested);
		expect(await runPendingJobs({ db: t.db, clock: t.clock, dataDir: t.dataDir, publicUrl: "" }, "w")).toBe(
			1,
		);
		// Written in the same second as the review notification: found by its kind, not its place.
		const ready = (await bell(manager)).notifications.find((row) => row.type === "export_ready");
		expect(ready).toMatchObject({
			type: "export_ready",
			title: "Your transactions export is ready",
			link: { label: "Download", url: `${BASE}/transactions/download/${export_id}/file` },
		});
		expect((await bell(admin)).notifications.map((row) => row.type)).not.toContain("export_ready");
		const file = await t.app.inject({ method: "GET", url: ready?.link?.url ?? "", headers: manager.headers });
		expect(file.statusCode).toBe(200);
		expect(file.headers["content-type"]).toContain("text/csv");
		const event = await t.db.kysely
			.selectFrom("account_events")
			.selectAll()
			.where("type", "=", "export.ready")
			.executeTakeFirstOrThrow();
		expect(event.object_id).toBe(export_id);
	});

	it("reads in the user's own language", async () => {
		const french = await t.actor("shop_manager");
		const saved = await t.app.inject({
			method: "POST",
			url: "/wp-json/wp/v2/users/me",
			headers: french.headers,
			payload: { locale: "fr_FR" },
		});
		expect(saved.statusCode).toBe(200);
		const titles = (await bell(french)).notifications.map((row) => row.title);
		expect(titles).toContain("Un paiement de 50,00 $ est retenu pour examen");
	});
});

describe("the bell's order", () => {
	it("lists two notifications written in the same second newest first", async () => {
		const { id, actor } = await freshSandbox();
		const created = t.clock.seconds();
		const facts = { amount: 5_000, currency: "usd" };
		for (const objectId of ["pi_first", "pi_second", "pi_third"]) {
			await notify(t.db.kysely, {
				accountId: id,
				userId: null,
				type: "payment_review",
				objectId,
				created,
				facts,
			});
		}
		const links = (await bell(actor)).notifications.map((notification) => notification.link?.url ?? "");
		expect(links.map((url) => /pi_\w+/.exec(url)?.[0])).toEqual(["pi_third", "pi_second", "pi_first"]);
	});
});

describe("how long the bell keeps them", () => {
	it("removes notifications older than 90 days with who read them, and keeps the newer ones", async () => {
		const { id, actor } = await freshSandbox();
		const now = t.clock.seconds();
		const facts = { amount: 5_000, currency: "usd" };
		for (const [objectId, created] of [
			["pi_old", now - NOTIFICATION_RETENTION_SECONDS - 1],
			["pi_recent", now - NOTIFICATION_RETENTION_SECONDS + DAY],
		] as const) {
			await notify(t.db.kysely, {
				accountId: id,
				userId: null,
				type: "payment_review",
				objectId,
				created,
				facts,
			});
		}
		expect((await bell(actor)).notifications).toHaveLength(2);
		expect(json<NotificationList>(await post(actor, `${BASE}/notifications/read`)).unread).toBe(0);

		expect(await purgeNotifications(t.db.kysely, now - NOTIFICATION_RETENTION_SECONDS)).toBe(1);
		const kept = await bell(actor);
		expect(kept.notifications.map((notification) => notification.created)).toEqual([
			now - NOTIFICATION_RETENTION_SECONDS + DAY,
		]);
		expect(kept.unread).toBe(0);
		const reads = await t.db.kysely
			.selectFrom("notification_reads")
			.select("notification_id")
			.where("account_id", "=", id)
			.execute();
		expect(reads).toHaveLength(1);
	});
});
