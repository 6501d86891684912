/**
 * The event stream: every change of an account reaches an open stream once, in
 * order, from any server process on the database; Last-Event-ID resumes without losses across a
 * restart; a resume the log cannot serve says reset; streams per user are bounded.
 */
import { type AccountEvent, transactionsAdded } from "@paydesk/contract/events";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logoutUrl } from "../../../src/auth/login-page.ts";
import { findSession } from "../../../src/auth/sessions.ts";
import { purgeAccountEvents } from "../../../src/ledger/events.ts";
import { readEventStream, type StreamMessage } from "../../../src/testing/event-stream-client.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";
import { pay, paymentBody } from "../../support/intake-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
let t: TestApp;
let admin: Actor;
const open: FastifyInstance[] = [];

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => {
	for (const server of open) await server.close();
	await t.close();
});

async function listening(app: FastifyInstance): Promise<string> {
	if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
	const { port } = app.server.address() as { port: number };
	return `http://127.0.0.1:${port}${BASE}/events`;
}

const eventsOf = (messages: StreamMessage[]) =>
	messages.map((message) => JSON.parse(message.data) as AccountEvent);

async function anotherProcessWith(config: Parameters<TestApp["anotherServer"]>[0]): Promise<FastifyInstance> {
	const server = await t.anotherServer(config);
	open.push(server);
	return server;
}

const anotherProcess = () => anotherProcessWith({});

describe("the event stream", () => {
	it("carries a payment taken through intake, named by its type and payment intent", async () => {
		const stream = await readEventStream(await listening(t.app), admin.headers);
		expect(stream.status).toBe(200);
		const { intent } = await pay(t, admin.headers, paymentBody());
		const [message] = await stream.waitFor(1);
		stream.close();
		expect(message?.event).toBe("payment.created");
		expect(JSON.parse(message?.data ?? "{}")).toMatchObject({
			id: message?.id,
			type: "payment.created",
			object_id: intent.id,
			data: { status: "succeeded", charge_id: intent.charge?.id, amount: 5000, currency: "usd" },
		});
	});

	it("a capture and a refund each write their event after the payment's own", async () => {
		const stream = await readEventStream(await listening(t.app), admin.headers);
		const manual = await pay(t, admin.headers, paymentBody(undefined, { capture_method: "manual" }));
		const orderId = manual.intent.order.id;
		const captured = await t.app.inject({
			method: "POST",
			url: `${BASE}/orders/${orderId}/capture_authorization`,
			headers: admin.headers,
			payload: { payment_intent_id: manual.intent.id },
		});
		expect(captured.statusCode).toBe(200);
		const refunded = await t.app.inject({
			method: "POST",
			url: `${BASE}/refund`,
			headers: admin.headers,
			payload: { charge_id: manual.intent.charge?.id, amount: 1000 },
		});
		expect(refunded.statusCode).toBe(200);
		const events = eventsOf(await stream.waitFor(3));
		stream.close();
		expect(events.map((event) => [event.type, event.object_id, event.data.status])).toEqual([
			["payment.created", manual.intent.id, "requires_capture"],
			["payment.captured", manual.intent.id, "succeeded"],
			["payment.refunded", manual.intent.id, "partially_refunded"],
		]);
		const ids = events.map((event) => Number(event.id));
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
	});

	it("each change says how many rows it added to the transactions list: a decline none, an authorization none, its capture one, a refund one", async () => {
		const listed = async () => {
			const response = await t.app.inject({
				method: "GET",
				url: `${BASE}/transactions`,
				headers: admin.headers,
			});
			return (response.json() as { total_count: number }).total_count;
		};
		const before = await listed();
		const stream = await readEventStream(await listening(t.app), admin.headers);
		const declined = await pay(t, admin.headers, paymentBody("4000000000000002"));
		expect(declined.status).toBe(402);
		const manual = await pay(t, admin.headers, paymentBody(undefined, { capture_method: "manual" }));
		const captured = await t.app.inject({
			method: "POST",
			url: `${BASE}/orders/${manual.intent.order.id}/capture_authorization`,
			headers: admin.headers,
			payload: { payment_intent_id: manual.intent.id },
		});
		expect(captured.statusCode).toBe(200);
		const refunded = await t.app.inject({
			method: "POST",
			url: `${BASE}/refund`,
			headers: admin.headers,
			payload: { charge_id: manual.intent.charge?.id, amount: 1000 },
		});
		expect(refunded.statusCode).toBe(200);
		const events = eventsOf(await stream.waitFor(4));
		stream.close();
		expect(events.map((event) => [event.type, event.data.status, transactionsAdded(event)])).toEqual([
			["payment.created", "requires_payment_method", 0],
			["payment.created", "requires_capture", 0],
			["payment.captured", "succeeded", 1],
			["payment.refunded", "partially_refunded", 1],
		]);
		// What the offer counts is what the list shows.
		const offered = events.reduce((sum, event) => sum + transactionsAdded(event), 0);
		expect((await listed()) - before).toBe(offered);
	});

	it("two processes on one database deliver each event once per stream, whichever wrote it", async () => {
		const second = await anotherProcess();
		const onFirst = await readEventStream(await listening(t.app), admin.headers);
		const onSecond = await readEventStream(await listening(second), admin.headers);
		const written: string[] = [];
		for (let index = 0; index < 6; index++) {
			const through = index % 2 === 0 ? t.app : second;
			const response = await through.inject({
				method: "POST",
				url: `${BASE}/payment_intents`,
				headers: admin.headers,
				payload: paymentBody(undefined, { amount: 1000 + index }),
			});
			expect(response.statusCode).toBe(200);
			written.push((response.json() as { id: string }).id);
		}
		for (const stream of [onFirst, onSecond]) {
			const events = eventsOf(await stream.waitFor(6));
			// A little longer: nothing more may come.
			await new Promise((resolve) => setTimeout(resolve, 1200));
			stream.close();
			expect(stream.messages).toHaveLength(6);
			expect(events.map((event) => event.object_id)).toEqual(written);
		}
	});

	it("Last-Event-ID resumes without losses across a restart", async () => {
		const first = await anotherProcess();
		const stream = await readEventStream(await listening(first), admin.headers);
		await pay(t, admin.headers, paymentBody());
		const [seen] = await stream.waitFor(1);
		// The process stops; payments go on through another while nobody listens.
		await first.close();
		await stream.ended;
		const missed: string[] = [];
		for (let index = 0; index < 3; index++)
			missed.push((await pay(t, admin.headers, paymentBody())).intent.id);
		const restarted = await anotherProcess();
		const resumed = await readEventStream(await listening(restarted), {
			...admin.headers,
			"last-event-id": seen?.id ?? "",
		});
		const events = eventsOf(await resumed.waitFor(3));
		await new Promise((resolve) => setTimeout(resolve, 800));
		resumed.close();
		expect(resumed.messages).toHaveLength(3);
		expect(events.map((event) => event.object_id)).toEqual(missed);
		expect(Number(events[0]?.id)).toBe(Number(seen?.id) + 1);
	});

	it("a resume from an event the log no longer keeps starts with reset", async () => {
		const before = await readEventStream(await listening(t.app), admin.headers);
		await pay(t, admin.headers, paymentBody());
		const [old] = await before.waitFor(1);
		before.close();
		await pay(t, admin.headers, paymentBody());
		await pay(t, admin.headers, paymentBody());
		// The log expires everything but the newest event.
		const newest = await t.db.kysely
			.selectFrom("account_events")
			.select((eb) => eb.fn.max("seq").as("seq"))
			.executeTakeFirstOrThrow();
		await t.db.kysely.deleteFrom("account_events").where("seq", "<", Number(newest.seq)).execute();
		const resumed = await readEventStream(await listening(t.app), {
			...admin.headers,
			"last-event-id": old?.id ?? "",
		});
		const [reset] = await resumed.waitFor(1);
		resumed.close();
		expect(reset).toMatchObject({ event: "reset", id: String(newest.seq) });
		expect(await purgeAccountEvents(t.db.kysely, Number.MAX_SAFE_INTEGER)).toBeGreaterThan(0);
	});

	it("the query's last_event_id resumes too (for readers that cannot send headers)", async () => {
		const before = await readEventStream(await listening(t.app), admin.headers);
		const { intent } = await pay(t, admin.headers, paymentBody());
		const [seen] = await before.waitFor(1);
		before.close();
		const next = await pay(t, admin.headers, paymentBody());
		const resumed = await readEventStream(
			`${await listening(t.app)}?last_event_id=${Number(seen?.id) - 1}`,
			admin.headers,
		);
		const events = eventsOf(await resumed.waitFor(2));
		resumed.close();
		expect(events.map((event) => event.object_id)).toEqual([intent.id, next.intent.id]);
	});

	it("bounds the streams one user may open on a process", async () => {
		const server = await t.anotherServer({ eventStreamsPerUser: 2 });
		open.push(server);
		const url = await listening(server);
		const streams = [await readEventStream(url, admin.headers), await readEventStream(url, admin.headers)];
		const third = await fetch(url, { headers: admin.headers });
		expect(third.status).toBe(429);
		expect(third.headers.get("retry-after")).toBe("30");
		expect(await third.json()).toMatchObject({
			code: "rest_too_many_requests",
			message: "Too many open event streams for this user.",
		});
		// Another user is not affected; a closed stream frees its place.
		const other = await t.actor("shop_manager");
		const theirs = await readEventStream(url, other.headers);
		expect(theirs.status).toBe(200);
		streams[0]?.close();
		await new Promise((resolve) => setTimeout(resolve, 100));
		const again = await readEventStream(url, admin.headers);
		expect(again.status).toBe(200);
		for (const stream of [...streams, theirs, again]) stream.close();
	});
});

describe("a stream ends with the credentials it was opened with", () => {
	/** A server whose streams check their credentials every 100 ms (15 s in production). */
	const quickCheck = async () => listening(await anotherProcessWith({ eventHeartbeatMs: 100 }));
	const within = (ended: Promise<void>, ms = 3000) =>
		Promise.race([
			ended.then(() => "ended"),
			new Promise((resolve) => setTimeout(() => resolve("still open"), ms)),
		]);

	it("a session's stream closes when the session logs out", async () => {
		const url = await quickCheck();
		const actor = await t.actor("shop_manager");
		const stream = await readEventStream(url, actor.headers);
		expect(stream.status).toBe(200);
		const token = actor.headers.cookie?.split("=")[1] ?? "";
		const session = await findSession(t.db.kysely, token, t.clock.seconds());
		const logout = await t.app.inject({
			method: "GET",
			url: logoutUrl(session?.nonceSecret ?? "", t.clock.seconds()),
			headers: { cookie: actor.headers.cookie ?? "" },
		});
		expect(logout.statusCode).toBe(302);
		expect(await within(stream.ended)).toBe("ended");
	});

	it("a session's stream closes when its user is demoted or deleted", async () => {
		const url = await quickCheck();
		const demoted = await t.actor("shop_manager");
		const deleted = await t.actor("shop_manager");
		const streams = [
			await readEventStream(url, demoted.headers),
			await readEventStream(url, deleted.headers),
		];
		const kept = await readEventStream(url, admin.headers);
		await t.db.kysely
			.updateTable("users")
			.set({ role: "customer" })
			.where("id", "=", demoted.user.id)
			.execute();
		await t.db.kysely.deleteFrom("users").where("id", "=", deleted.user.id).execute();
		for (const stream of streams) expect(await within(stream.ended)).toBe("ended");
		expect(await within(kept.ended, 500)).toBe("still open");
		kept.close();
	});

	it("an application password's stream closes when the password is revoked", async () => {
		const url = await quickCheck();
		const actor = await t.actor("administrator");
		const headers = await t.basic(actor.user);
		const stream = await readEventStream(url, headers);
		expect(stream.status).toBe(200);
		await t.db.kysely.deleteFrom("application_passwords").where("user_id", "=", actor.user.id).execute();
		expect(await within(stream.ended)).toBe("ended");
	});

	it("a session's stream closes when the session expires", async () => {
		const url = await quickCheck();
		const actor = await t.actor("shop_manager");
		const stream = await readEventStream(url, actor.headers);
		expect(await within(stream.ended, 500)).toBe("still open");
		await t.db.kysely
			.updateTable("sessions")
			.set({ expires: t.clock.seconds() })
			.where("user_id", "=", actor.user.id)
			.execute();
		expect(await within(stream.ended)).toBe("ended");
	});
});
