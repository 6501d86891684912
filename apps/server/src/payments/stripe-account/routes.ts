/**
 * The Stripe account area: connecting the merchant's own Stripe account (connection.ts),
 * disconnecting it, and the history import's progress. Stripe is reached at STRIPE_API_BASE
 * (config.stripeApiBase) through the app's StripeClients (processors/stripe/access.ts), so every request of this server with one key
 * shares its throttle.
 */
import {
	connectStripeAccount,
	disconnectStripeAccount,
	getStripeConnection,
	getStripeSync,
	receiveStripeWebhook,
	STRIPE_ACCOUNT_ERRORS,
	STRIPE_SYNC_KINDS,
	type StripeSyncKind,
} from "@paydesk/contract/stripe-account";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseJsonColumn } from "../../db/json.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { SecretUnreadable } from "../../secrets/cipher.ts";
import {
	connect,
	connectionView,
	disconnect,
	findConnection,
	notConnected,
	storedKey,
} from "./connection.ts";
import { stripeImporter } from "./import/runner.ts";
import { receiveEvent } from "./webhook.ts";

const storedCounts = z.record(z.string(), z.number()).describe("stripe_connections.import_counts");
const storedCursors = z
	.record(z.string(), z.object({ done: z.boolean() }).passthrough())
	.describe("stripe_connections.import_cursors");

export default async function stripeAccountRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock, config } = app.deps;
	const kysely = db.kysely;
	const { clients: stripe, appKey } = app.stripe;
	const importer = stripeImporter({ db: kysely, clients: stripe, appKey, clock, log: app.log });
	// Imports under way when the server stopped go on from their cursors.
	app.addHook("onReady", async () => {
		await importer
			.resume()
			.catch((error: unknown) => app.log.error({ err: error }, "Stripe imports not resumed"));
	});
	app.addHook("onClose", async () => importer.stop());

	contractRoute(app, getStripeConnection, async ({ accountId }) => {
		const row = await findConnection(kysely, accountId);
		return row ? connectionView(row) : { connected: false as const };
	});

	contractRoute(app, connectStripeAccount, async ({ accountId, body }) => {
		const row = await connect({
			db: kysely,
			accountId,
			secretKey: body.secret_key,
			client: stripe.client(body.secret_key),
			appKey,
			publicUrl: config.publicUrl,
			now: clock.seconds(),
		});
		importer.kick(accountId);
		return connectionView(row);
	});

	contractRoute(app, disconnectStripeAccount, async ({ accountId }) => {
		const row = await findConnection(kysely, accountId);
		if (!row) throw notConnected();
		let key: string | null = null;
		try {
			key = storedKey(row, appKey());
		} catch (error) {
			// The key was sealed under another application key (PAYDESK_SECRET_KEY changed, or the
			// key file was lost): nothing can reach Stripe with it, and forgetting it is all that is left.
			if (!(error instanceof SecretUnreadable) && !(error instanceof RestError)) throw error;
		}
		if (key === null) {
			await kysely.deleteFrom("stripe_connections").where("account_id", "=", accountId).execute();
			return { connected: false as const, webhook_endpoint_removed: false };
		}
		const { webhookEndpointRemoved } = await disconnect(kysely, row, stripe.client(key));
		stripe.forget(key);
		return { connected: false as const, webhook_endpoint_removed: webhookEndpointRemoved };
	});

	// The signature is over the body's exact text: this route keeps it, unparsed.
	await app.register(async (raw) => {
		raw.removeContentTypeParser("application/json");
		raw.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
			done(null, typeof body === "string" ? body : body.toString("utf8")),
		);
		contractRoute(raw, receiveStripeWebhook, async ({ query, body, request }) => {
			const signature = request.headers["stripe-signature"];
			try {
				const received = await receiveEvent(kysely, {
					accountId: query.account,
					body,
					signature: typeof signature === "string" ? signature : undefined,
					appKey,
					now: clock.seconds(),
				});
				if (!received.duplicate) importer.kick(query.account);
				return { received: true as const, ...received };
			} catch (error) {
				if (error instanceof RestError && error.code === STRIPE_ACCOUNT_ERRORS.webhookSignature) {
					request.log.warn({ account: query.account }, "a Stripe webhook failed its signature check");
				}
				throw error;
			}
		});
	});

	contractRoute(app, getStripeSync, async ({ accountId }) => {
		const row = await findConnection(kysely, accountId);
		if (!row) throw notConnected();
		const stored = parseJsonColumn(storedCounts, row.import_counts, {});
		const cursors = parseJsonColumn(storedCursors, row.import_cursors, {});
		const counts = Object.fromEntries(STRIPE_SYNC_KINDS.map((kind) => [kind, stored[kind] ?? 0])) as Record<
			StripeSyncKind,
			number
		>;
		const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
		const started = row.import_started_at === null ? null : Number(row.import_started_at);
		const finished = row.import_finished_at === null ? null : Number(row.import_finished_at);
		const seconds = started === null ? 0 : Math.max(1, (finished ?? clock.seconds()) - started);
		const lastEventAt = row.last_event_at === null ? null : Number(row.last_event_at);
		return {
			status: row.status,
			counts,
			kinds_done: STRIPE_SYNC_KINDS.filter((kind) => cursors[kind]?.done === true),
			rate_per_second: total === 0 || started === null ? null : Math.round((total / seconds) * 10) / 10,
			import_started_at: started,
			import_finished_at: finished,
			last_error: row.last_error,
			last_event_at: lastEventAt,
			lag_seconds: lastEventAt === null ? null : Math.max(0, clock.seconds() - lastEventAt),
		};
	});
}
