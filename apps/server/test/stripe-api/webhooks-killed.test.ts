/**
 * A server killed while it sends webhooks loses none: real server processes on one store (SQLite,
 * and PostgreSQL in the suite's second pass). The first is SIGKILLed while its deliveries hang on
 * the store's handler; the next, started on the same data, sends every one of them once the dead
 * process's claims run out, and each event reaches the handler.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { ACCOUNT, createStore, type Running, startServer, until } from "../support/server-process.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The shortest claim a server may take: an attempt's 10 s timeout and a second. */
const CLAIM = { WEBHOOK_CLAIM_SECONDS: "11" };
const PAYMENTS = 4;
/** payment_intent.created, payment_intent.succeeded, charge.succeeded. */
const EVENTS_PER_PAYMENT = 3;

describe("a server killed with deliveries in flight", () => {
	it("is followed by one that delivers every event, none lost", async () => {
		const store = await createStore();
		cleanups.push(() => store.remove());
		const db = store.open();
		cleanups.push(() => db.close());

		// The store's handler: holds every request while `hanging`, then answers 200.
		let hanging = true;
		const held: ServerResponse[] = [];
		const delivered = new Set<string>();
		let received = 0;
		const handler = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on("data", (chunk: Buffer) => chunks.push(chunk));
			request.on("end", () => {
				received++;
				if (hanging) {
					held.push(response);
					return;
				}
				delivered.add((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string }).id);
				response.writeHead(200).end("ok");
			});
		});
		await new Promise<void>((resolve) => handler.listen(0, "127.0.0.1", resolve));
		cleanups.push(async () => {
			for (const response of held) response.destroy();
			handler.closeAllConnections();
			await new Promise((resolve) => handler.close(resolve));
		});
		const handlerUrl = `http://127.0.0.1:${(handler.address() as AddressInfo).port}/hooks`;

		const first: Running & { url: string } = await startServer(store, 200, CLAIM);
		cleanups.push(() => first.kill());
		const { secret } = await createApiKeys(db.kysely, ACCOUNT, "crash", Math.floor(Date.now() / 1000));
		const post = (url: string, form: Record<string, string>) =>
			fetch(url, {
				method: "POST",
				headers: { authorization: `Bearer ${secret}`, "content-type": "application/x-www-form-urlencoded" },
				body: new URLSearchParams(form).toString(),
			}).then(async (response) => {
				expect(response.status).toBe(200);
				return (await response.json()) as { id: string };
			});
		await post(`${first.url}/v1/webhook_endpoints`, { url: handlerUrl, "enabled_events[]": "*" });
		const intents: string[] = [];
		for (let payment = 0; payment < PAYMENTS; payment++) {
			const intent = await post(`${first.url}/v1/payment_intents`, {
				amount: String(1000 + payment),
				currency: "usd",
				payment_method: "pm_card_visa",
				confirm: "true",
			});
			intents.push(intent.id);
		}
		// The deliveries of these payments' events (the store's timed work may add others).
		const ours = () =>
			db.kysely
				.selectFrom("webhook_deliveries")
				.innerJoin("stripe_events", (join) =>
					join
						.onRef("stripe_events.account_id", "=", "webhook_deliveries.account_id")
						.onRef("stripe_events.id", "=", "webhook_deliveries.event_id"),
				)
				.select(["webhook_deliveries.event_id", "webhook_deliveries.status", "webhook_deliveries.claimed_by"])
				.where("webhook_deliveries.account_id", "=", ACCOUNT)
				.where("stripe_events.payment_intent", "in", intents)
				.execute();
		// Killed while its sends wait on the handler.
		await until(
			"the first server's sends to reach the handler, every delivery made",
			async () => received > 0 && (await ours()).length === PAYMENTS * EVENTS_PER_PAYMENT,
			30_000,
		);
		await first.kill();
		const pending = await ours();
		expect(pending.length).toBe(PAYMENTS * EVENTS_PER_PAYMENT);
		expect(pending.every((row) => row.status === "pending")).toBe(true);
		expect(pending.some((row) => row.claimed_by !== null)).toBe(true);

		hanging = false;
		const second = await startServer(store, 200, CLAIM);
		cleanups.push(() => second.kill());
		const after = await until(
			"every event of the payments to be delivered",
			async () => {
				const rows = await ours();
				return rows.every((row) => row.status === "delivered") ? rows : null;
			},
			60_000,
			100,
		);
		expect(after.length).toBe(PAYMENTS * EVENTS_PER_PAYMENT);
		for (const row of after) expect(delivered.has(row.event_id)).toBe(true);
	}, 150_000);
});
