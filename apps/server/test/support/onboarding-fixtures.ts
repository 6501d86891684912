/** Shared pieces of the onboarding tests: an unconnected store and its merchant's connect URL. */
import type { Kysely } from "kysely";
import { findSession, SESSION_COOKIE } from "../../src/auth/sessions.ts";
import type { AccountsTable, Database } from "../../src/db/schema.ts";
import { connectUrlFor } from "../../src/payments/onboarding/connect-url.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import type { Actor, TestApp } from "../../src/testing/test-app.ts";

export const BASE = "/wp-json/wc/v3/payments";

/** A store not yet connected to the partner, as `seed --state unconnected` leaves it. */
export function insertUnconnectedAccount(
	db: Kysely<Database>,
	id: string,
	overrides: Partial<AccountsTable> = {},
): Promise<AccountsTable> {
	return insertTestAccount(db, id, {
		status: "pending",
		connected: 0,
		payments_enabled: 0,
		deposits_status: "disabled",
		details_submitted: 0,
		completed_waiting_period: 0,
		external_accounts: "[]",
		progressive_onboarding: JSON.stringify({
			isEnabled: false,
			isComplete: false,
			tpv: 0,
			firstTransactionDate: null,
		}),
		...overrides,
	});
}

/** The connect URL the page settings give this actor (with its nonce), plus more query values. */
export async function connectUrlOf(
	t: TestApp,
	actor: Actor,
	args: Record<string, string> = {},
): Promise<string> {
	const token = actor.headers.cookie?.slice(`${SESSION_COOKIE}=`.length) ?? "";
	const session = await findSession(t.db.kysely, token, t.clock.seconds());
	const base = connectUrlFor(session?.nonceSecret ?? "", t.clock.seconds());
	const extra = new URLSearchParams(args).toString();
	return extra ? `${base}&${extra}` : base;
}

export async function accountRow(t: TestApp, id: string): Promise<AccountsTable> {
	const row = await t.db.kysely.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
	if (!row) throw new Error(`no account ${id}`);
	return row;
}

/** Query values of a redirect location (or a redirect_to). */
export function queryOf(location: string): Record<string, string> {
	const index = location.indexOf("?");
	return Object.fromEntries(new URLSearchParams(index === -1 ? "" : location.slice(index + 1)));
}
