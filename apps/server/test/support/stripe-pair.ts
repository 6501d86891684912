/**
 * Two Paydesk servers, as a store connected to its own Stripe account sees them: a sandbox whose
 * `/v1` plays Stripe (its account STRIPE_SIDE, with a secret key and Stripe's official SDK on
 * it), and a store whose STRIPE_API_BASE points at it. The store is not connected yet: a test
 * connects it (the route), or drives its import by hand.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { expect, vi } from "vitest";
import { applyEvents } from "../../src/payments/stripe-account/import/events.ts";
import type { CopyRun } from "../../src/payments/stripe-account/import/lease.ts";
import { StripeClients } from "../../src/processors/stripe/client.ts";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE } from "./invariants.ts";

/** The sandbox's account that plays the merchant's Stripe account. */
export const STRIPE_SIDE = "acct_stripe_side";

export interface StripePair {
	sandbox: TestApp;
	store: TestApp;
	/** The store's server, reaching Stripe at the sandbox. */
	server: FastifyInstance;
	apiBase: string;
	secretKey: string;
	stripe: Stripe;
	/** The store's administrator. */
	admin: Actor;
	/**
	 * A payment on the Stripe side through Stripe's SDK, confirmed with a test PaymentMethod (a Visa
	 * unless `extra` says otherwise), its order number (the amount) in the metadata.
	 */
	pay(amount: number, extra?: Partial<Stripe.PaymentIntentCreateParams>): Promise<Stripe.PaymentIntent>;
	/** Moves the Stripe side's clock, running what came due (payouts, disputes). */
	moveClock(seconds: number): Promise<void>;
	/** Connects the store through its route and waits until its history is in. */
	connect(): Promise<Record<string, unknown>>;
	close(): Promise<void>;
}

export async function stripePair(options: { storeAccounts?: string[] } = {}): Promise<StripePair> {
	const sandbox = await createTestApp({
		seed: async (db) =>
			void (await insertTestAccount(db.kysely, STRIPE_SIDE, { test_mode: 1, name: "Rosen Goods" })),
	});
	await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
	const port = (sandbox.app.server.address() as AddressInfo).port;
	const apiBase = `http://127.0.0.1:${port}`;
	const secretKey = (await createApiKeys(sandbox.db.kysely, STRIPE_SIDE, "paydesk", sandbox.clock.seconds()))
		.secret;
	const stripe = new Stripe(secretKey, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
	const store = await createTestApp({
		seed: async (db) => {
			for (const account of [TEST_ACCOUNT, ...(options.storeAccounts ?? [])]) {
				await insertTestAccount(db.kysely, account);
			}
		},
	});
	// PostgreSQL needs PAYDESK_SECRET_KEY; SQLite makes its key file in the data folder.
	const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith("postgres"));
	const server = await store.anotherServer({
		stripeApiBase: apiBase,
		secretKey: onPostgres ? randomBytes(32).toString("hex") : undefined,
	});
	const admin = await store.actor("administrator");
	const owner = await sandbox.actor("administrator", STRIPE_SIDE);
	return {
		sandbox,
		store,
		server,
		apiBase,
		secretKey,
		stripe,
		admin,
		pay: (amount, extra = {}) =>
			stripe.paymentIntents.create({
				amount,
				currency: "usd",
				payment_method: "pm_card_visa",
				confirm: true,
				metadata: { order_id: String(amount) },
				...extra,
			}),
		async moveClock(seconds) {
			const response = await sandbox.app.inject({
				method: "POST",
				url: `${BASE}/sandbox/clock`,
				headers: owner.headers,
				payload: { advance: seconds },
			});
			expect(response.statusCode, response.body).toBe(200);
		},
		async connect() {
			const connected = await server.inject({
				method: "POST",
				url: `${BASE}/stripe/connect`,
				headers: admin.headers,
				payload: { secret_key: secretKey },
			});
			expect(connected.statusCode, connected.body).toBe(200);
			const deadline = Date.now() + 60_000;
			for (;;) {
				const sync = (
					await server.inject({ method: "GET", url: `${BASE}/stripe/sync`, headers: admin.headers })
				).json();
				if (sync.status !== "importing" || Date.now() > deadline) return sync;
				await new Promise((resolve) => setTimeout(resolve, 25));
			}
		},
		async close() {
			await server.close();
			await store.close();
			await sandbox.close();
		},
	};
}

/**
 * The store's copy as an event run works on it, reaching the Stripe side with a client of its own
 * (`fetch` in place of the network's, to hold or count its requests).
 */
export function copyRunOf(pair: StripePair, runner: string, fetch?: typeof globalThis.fetch): CopyRun {
	return {
		db: pair.store.db.kysely,
		accountId: TEST_ACCOUNT,
		client: new StripeClients({ apiBase: pair.apiBase, maxRetries: 0, ...(fetch ? { fetch } : {}) }).client(
			pair.secretKey,
		),
		runner,
		now: () => pair.store.clock.seconds(),
	};
}

/** Applies the events kept, once the store's own importer, which may be applying some, lets go of its lease. */
export async function applyKeptEvents(copy: CopyRun): Promise<void> {
	await vi.waitFor(async () => expect(await applyEvents(copy)).toMatchObject({ status: "applied" }), {
		timeout: 15_000,
		interval: 100,
	});
}
