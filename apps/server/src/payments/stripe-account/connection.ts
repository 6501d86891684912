/**
 * Connecting a Paydesk account to the merchant's own Stripe account: the key is checked against
 * the account first (the account itself, then one cheap read per permission Paydesk needs),
 * then Paydesk's webhook endpoint is registered on it, then the row is saved with the key and the
 * endpoint's secret sealed. Nothing is saved for a key that fails a check. Disconnecting removes
 * the endpoint from the account and forgets the key.
 */
import { randomUUID } from "node:crypto";
import { restrictedPermissionName } from "@paydesk/contract/developers";
import {
	STRIPE_ACCOUNT_ERRORS,
	STRIPE_KEY_PERMISSIONS,
	type StripeConnection,
	type StripeKeyKind,
	type StripeKeyPermission,
} from "@paydesk/contract/stripe-account";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database, StripeConnectionsTable } from "../../db/schema.ts";
import { RestError } from "../../http/rest-error.ts";
import { type StripeClient, StripeError } from "../../processors/stripe/client.ts";
import { openSecret, sealSecret } from "../../secrets/cipher.ts";

/** Where Stripe sends the connected account's events: PUBLIC_URL plus this path. */
export const STRIPE_WEBHOOK_PATH = "/wp-json/wc/v3/payments/stripe/webhook";

/** What each sealed column is bound to: a value copied to another row or column does not open. */
export const sealContext = (accountId: string, column: "key_encrypted" | "webhook_secret_encrypted") =>
	`stripe_connections:${accountId}:${column}`;

export const keyKindOf = (key: string): StripeKeyKind => (key.startsWith("rk_") ? "restricted" : "secret");

const keyInvalid = (message: string, data: Record<string, unknown> = {}) =>
	new RestError(STRIPE_ACCOUNT_ERRORS.keyInvalid, message, 400, data);

const unreachable = (error: StripeError) =>
	new RestError(
		STRIPE_ACCOUNT_ERRORS.unreachable,
		`Stripe could not be reached or failed to answer: ${error.message}`,
		502,
		{ stripe: stripeErrorData(error) },
	);

const stripeErrorData = (error: StripeError) => ({
	status: error.status,
	type: error.type,
	...(error.code ? { code: error.code } : {}),
	message: error.message,
});

export const notConnected = () =>
	new RestError(
		STRIPE_ACCOUNT_ERRORS.notConnected,
		"This account is not connected to a Stripe account of its own.",
		404,
	);

/** A StripeError as the answer to the merchant: a refused key is theirs to fix, the rest is Stripe's. */
function refusalOf(error: unknown): RestError {
	if (!(error instanceof StripeError)) throw error;
	if (error.status >= 400 && error.status < 500 && error.status !== 429) {
		return keyInvalid(`Stripe refused the key: ${error.message}`, { stripe: stripeErrorData(error) });
	}
	return unreachable(error);
}

/** What one permission's read answered: null when it was allowed. */
async function probe(client: StripeClient, permission: StripeKeyPermission): Promise<StripeError | null> {
	try {
		const list = `/v1/${permission.resource}`;
		await client.get(list, permission.resource === "balance" ? {} : { limit: 1 });
		return null;
	} catch (error) {
		if (!(error instanceof StripeError)) throw error;
		// A list the API does not serve at all (404 on its URL) shows nothing about the key: a
		// Paydesk sandbox has no reviews. Only a refusal of the key counts against it.
		if (error.status === 404) return null;
		return error;
	}
}

/**
 * Checks the key: the account it belongs to, then each permission. Throws the merchant's answer
 * (400 wcpay_stripe_key_invalid with Stripe's reason) for the first check that fails.
 */
export async function checkKey(client: StripeClient): Promise<Stripe.Account> {
	let account: Stripe.Account;
	try {
		account = await client.retrieveAccount();
	} catch (error) {
		throw refusalOf(error);
	}
	const failures = await Promise.all(STRIPE_KEY_PERMISSIONS.map((permission) => probe(client, permission)));
	for (const [index, failure] of failures.entries()) {
		const permission = STRIPE_KEY_PERMISSIONS[index];
		if (!failure || !permission) continue;
		const name = restrictedPermissionName(permission.resource, permission.access);
		const data = {
			permission: { name, resource: permission.resource, access: permission.access },
			stripe: stripeErrorData(failure),
		};
		if (failure.status === 401 || failure.status === 403) {
			// Stripe's 403 names the permission it wanted; Paydesk's name for it is given beside it.
			throw keyInvalid(
				`The key lacks a permission Paydesk needs: ${name}. Stripe said: ${failure.message}`,
				data,
			);
		}
		if (failure.status >= 500 || failure.status === 0 || failure.status === 429) throw unreachable(failure);
		throw keyInvalid(
			`Stripe refused to read /v1/${permission.resource} with the key: ${failure.message}`,
			data,
		);
	}
	return account;
}

export async function findConnection(
	db: Kysely<Database>,
	accountId: string,
): Promise<StripeConnectionsTable | undefined> {
	return db
		.selectFrom("stripe_connections")
		.selectAll()
		.where("account_id", "=", accountId)
		.executeTakeFirst();
}

export function connectionView(row: StripeConnectionsTable): StripeConnection {
	return {
		connected: true,
		stripe_account_id: row.stripe_account_id,
		stripe_account_name: row.stripe_account_name,
		livemode: Boolean(row.livemode),
		key_kind: row.key_kind,
		key_last4: row.key_last4,
		webhook_endpoint_id: row.webhook_endpoint_id,
		status: row.status,
		connected_at: Number(row.connected_at),
		last_error: row.last_error,
	};
}

export interface ConnectInput {
	db: Kysely<Database>;
	accountId: string;
	secretKey: string;
	client: StripeClient;
	/** The application key (secrets/app-key.ts); asked for before Stripe is called. */
	appKey: () => Buffer;
	publicUrl: string;
	/** Server time, seconds. */
	now: number;
}

const alreadyConnected = () =>
	new RestError(
		STRIPE_ACCOUNT_ERRORS.alreadyConnected,
		"This account is already connected to a Stripe account. Disconnect it first.",
		409,
	);

export async function connect(input: ConnectInput): Promise<StripeConnectionsTable> {
	const { db, accountId, client } = input;
	if (await findConnection(db, accountId)) throw alreadyConnected();
	// Before Stripe is called: a server that cannot keep the key says so, and leaves no endpoint behind.
	const appKey = input.appKey();
	const account = await checkKey(client);

	let endpoint: Stripe.WebhookEndpoint;
	try {
		endpoint = await client.createWebhookEndpoint(
			{
				url: webhookUrl(input.publicUrl, accountId),
				enabled_events: ["*"],
				description: "Paydesk",
				metadata: { paydesk_account: accountId },
			},
			{ idempotencyKey: `paydesk-connect-${randomUUID()}` },
		);
	} catch (error) {
		if (!(error instanceof StripeError) || error.status === 401 || error.status === 403)
			throw refusalOf(error);
		if (error.status >= 400 && error.status < 500 && error.status !== 429) {
			throw new RestError(
				STRIPE_ACCOUNT_ERRORS.webhookRefused,
				`Stripe refused Paydesk's webhook endpoint: ${error.message}`,
				400,
				{ stripe: stripeErrorData(error) },
			);
		}
		throw unreachable(error);
	}

	const row: StripeConnectionsTable = {
		account_id: accountId,
		stripe_account_id: account.id,
		stripe_account_name: account.settings?.dashboard.display_name ?? account.business_profile?.name ?? null,
		livemode: input.secretKey.includes("_live_") ? 1 : 0,
		key_kind: keyKindOf(input.secretKey),
		key_last4: input.secretKey.slice(-4),
		key_encrypted: sealSecret(appKey, input.secretKey, sealContext(accountId, "key_encrypted")),
		webhook_endpoint_id: endpoint.id,
		webhook_secret_encrypted: endpoint.secret
			? sealSecret(appKey, endpoint.secret, sealContext(accountId, "webhook_secret_encrypted"))
			: null,
		status: "importing",
		connected_at: input.now,
		last_error: null,
		last_event_at: null,
		import_cursors: "{}",
		import_counts: "{}",
		import_started_at: null,
		import_finished_at: null,
		import_runner: null,
		import_lease_until: null,
	};
	try {
		await db.transaction().execute(async (trx) => {
			await trx.insertInto("stripe_connections").values(row).execute();
			await openAccount(trx, accountId, account, row, input.now);
		});
	} catch (error) {
		// Another connect of the same account saved first (or the database failed): the endpoint
		// just made would be an orphan on the merchant's account.
		await client.deleteWebhookEndpoint(endpoint.id).catch(() => undefined);
		if (await findConnection(db, accountId)) throw alreadyConnected();
		throw error;
	}
	return row;
}

/**
 * A store that had no payments account yet is connected by its Stripe account: the account takes
 * the Stripe account's country, currency and name, test mode when the key is a test key, and its
 * state as Stripe says it (charges and payouts enabled, or restricted). A store already connected
 * (a sandbox account) keeps its record.
 */
async function openAccount(
	trx: Kysely<Database>,
	accountId: string,
	account: Stripe.Account,
	connection: Pick<StripeConnectionsTable, "livemode" | "stripe_account_name">,
	now: number,
): Promise<void> {
	const enabled = account.charges_enabled !== false && account.payouts_enabled !== false;
	const external = (account.external_accounts?.data ?? []).flatMap((destination) =>
		destination.object === "bank_account"
			? [
					{
						currency: destination.currency,
						status: "verified",
						bank_name: destination.bank_name ?? "",
						last4: destination.last4,
					},
				]
			: [],
	);
	await trx
		.updateTable("accounts")
		.set({
			connected: 1,
			status: enabled ? "complete" : "restricted",
			payments_enabled: account.charges_enabled === false ? 0 : 1,
			deposits_status: account.payouts_enabled === false ? "disabled" : "enabled",
			details_submitted: 1,
			test_mode: connection.livemode === 1 ? 0 : 1,
			...(connection.stripe_account_name ? { name: connection.stripe_account_name } : {}),
			created: account.created ?? now,
			...(account.country ? { country: account.country } : {}),
			...(account.default_currency ? { default_currency: account.default_currency } : {}),
			...(external.length > 0 ? { external_accounts: JSON.stringify(external) } : {}),
		})
		.where("id", "=", accountId)
		.where("connected", "=", 0)
		.execute();
}

/** Where Stripe sends this account's events: one endpoint per Paydesk account, named by `account`. */
export const webhookUrl = (publicUrl: string, accountId: string): string =>
	`${publicUrl.replace(/\/+$/, "")}${STRIPE_WEBHOOK_PATH}?account=${encodeURIComponent(accountId)}`;

/** The signing secret of Paydesk's endpoint on the account, opened; null when none was kept. */
export function storedWebhookSecret(row: StripeConnectionsTable, appKey: Buffer): string | null {
	return row.webhook_secret_encrypted === null
		? null
		: openSecret(
				appKey,
				row.webhook_secret_encrypted,
				sealContext(row.account_id, "webhook_secret_encrypted"),
			);
}

/** The stored key, opened. */
export function storedKey(row: StripeConnectionsTable, appKey: Buffer): string {
	return openSecret(appKey, row.key_encrypted, sealContext(row.account_id, "key_encrypted"));
}

/**
 * Removes Paydesk's endpoint from the Stripe account, then forgets the key. An endpoint Stripe
 * has no more, or a key Stripe no longer takes, leaves nothing to remove there; any other
 * failure keeps the connection, so disconnecting can be tried again.
 */
export async function disconnect(
	db: Kysely<Database>,
	row: StripeConnectionsTable,
	client: StripeClient,
): Promise<{ webhookEndpointRemoved: boolean }> {
	let removed = false;
	if (row.webhook_endpoint_id) {
		try {
			await client.deleteWebhookEndpoint(row.webhook_endpoint_id);
			removed = true;
		} catch (error) {
			if (!(error instanceof StripeError)) throw error;
			if (error.status !== 404 && error.status !== 401) throw unreachable(error);
		}
	}
	await db.deleteFrom("stripe_connections").where("account_id", "=", row.account_id).execute();
	return { webhookEndpointRemoved: removed };
}
