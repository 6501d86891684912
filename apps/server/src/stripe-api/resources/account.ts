/**
 * The key's own account on Stripe's API (GET /v1/account), as Stripe answers a standard account:
 * what a store checks a key against before it uses it. Charges are enabled once the account may
 * take payments, payouts once its deposits are not blocked; the e-mail is its first
 * administrator's (null when it has none). Fields Paydesk keeps no notion of (Connect
 * capabilities, branding, statement descriptors) are null or absent as Stripe leaves them.
 */
import type Stripe from "stripe";
import { fraudProtectionOf } from "../../accounts/documents.ts";
import { resourceMissing } from "../errors.ts";
import { parseParams, retrieveParams } from "../params.ts";
import type { V1Router } from "../plugin.ts";

export function registerAccount(router: V1Router): void {
	router.get("/account", async (context) => {
		parseParams(retrieveParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const [row, administrator] = await Promise.all([
			db.selectFrom("accounts").selectAll().where("id", "=", context.accountId).executeTakeFirst(),
			db
				.selectFrom("users")
				.select("email")
				.where("account_id", "=", context.accountId)
				.where("role", "=", "administrator")
				.orderBy("id")
				.limit(1)
				.executeTakeFirst(),
		]);
		if (!row) throw resourceMissing("account", context.accountId);
		const fraud = fraudProtectionOf(row);
		const name = row.name === "" ? null : row.name;
		const account: Stripe.Account = {
			id: row.id,
			object: "account",
			business_profile: {
				mcc: null,
				minority_owned_business_designation: null,
				name,
				specified_commercial_transactions_act_url: null,
				support_address: null,
				support_email: null,
				support_phone: null,
				support_url: null,
				url: null,
			},
			charges_enabled: Boolean(row.payments_enabled),
			country: row.country,
			created: Number(row.created),
			default_currency: row.default_currency.toLowerCase(),
			details_submitted: Boolean(row.details_submitted),
			email: administrator?.email ?? null,
			metadata: {},
			payouts_enabled: !row.deposits_blocked,
			settings: {
				branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
				card_payments: {
					decline_on: { avs_failure: fraud.declineOnAVSFailure, cvc_failure: fraud.declineOnCVCFailure },
					statement_descriptor_prefix: null,
					statement_descriptor_prefix_kana: null,
					statement_descriptor_prefix_kanji: null,
				},
				dashboard: { display_name: name, timezone: null },
				payments: {
					statement_descriptor: null,
					statement_descriptor_kana: null,
					statement_descriptor_kanji: null,
					statement_descriptor_prefix_kana: null,
					statement_descriptor_prefix_kanji: null,
				},
			},
			type: "standard",
		};
		return account;
	});
}
