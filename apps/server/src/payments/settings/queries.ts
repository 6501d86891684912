/** Reading and saving the settings entity; a save is one transaction on the locked account row. */
import type { PaymentSettings, SettingsUpdate } from "@paydesk/contract/settings";
import type { Kysely } from "kysely";
import { loadAccount } from "../../accounts/account.ts";
import { type AuditActor, recordAudit } from "../../audit/record.ts";
import { changedFields } from "../../audit/redact.ts";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import type { AccountsTable, Database } from "../../db/schema.ts";
import { RestError } from "../../http/rest-error.ts";
import type { Processor } from "../../processors/processor.ts";
import { settingsOf } from "./entity.ts";
import { applySettingsUpdate, storedSettingsJson } from "./update.ts";

export const accountMissing = () =>
	new RestError("wcpay_account_not_found", "No payments account is connected to this store.", 404);

export async function readSettings(db: Db, accountId: string): Promise<PaymentSettings> {
	const row = await loadAccount(db.kysely, accountId);
	if (!row) throw accountMissing();
	return settingsOf(row);
}

/**
 * Runs `change` on the locked account and writes what it answers, so concurrent saves serialise;
 * `audit`, when given, records the change in the same transaction.
 */
async function changeAccount<T>(
	db: Db,
	accountId: string,
	change: (row: NonNullable<Awaited<ReturnType<typeof loadAccount>>>) => {
		result: T;
		columns: Record<string, string | number>;
	},
	audit?: (trx: Kysely<Database>, row: AccountsTable, result: T) => Promise<void>,
): Promise<T> {
	return db.kysely.transaction().execute(async (trx) => {
		const row = await forUpdate(
			db.dialect,
			trx.selectFrom("accounts").selectAll().where("id", "=", accountId),
		).executeTakeFirst();
		if (!row) throw accountMissing();
		const { result, columns } = change(row);
		await trx.updateTable("accounts").set(columns).where("id", "=", accountId).execute();
		if (audit) await audit(trx, row, result);
		return result;
	});
}

/**
 * Saves the settings; a new payout schedule goes to the account's processor first (it decides when
 * payouts are made), then the rest is written on the locked account.
 */
export async function saveSettings(
	db: Db,
	accountId: string,
	update: SettingsUpdate,
	processor: Pick<Processor, "setPayoutSchedule">,
	audit?: { actor: AuditActor; now: number },
): Promise<PaymentSettings> {
	const current = await loadAccount(db.kysely, accountId);
	if (!current) throw accountMissing();
	const { schedule } = applySettingsUpdate(current, update);
	if (schedule) await processor.setPayoutSchedule(accountId, schedule);
	return changeAccount(
		db,
		accountId,
		(row) => {
			const { settings, columns } = applySettingsUpdate(row, update);
			return { result: settings, columns };
		},
		audit && ((trx, row, after) => recordSettingsChange(trx, accountId, settingsOf(row), after, audit)),
	);
}

/** The fraud rules are their own action; every other changed field is a settings change. */
const FRAUD_FIELDS: readonly string[] = ["current_protection_level", "advanced_fraud_protection_settings"];

async function recordSettingsChange(
	trx: Kysely<Database>,
	accountId: string,
	before: PaymentSettings,
	after: PaymentSettings,
	audit: { actor: AuditActor; now: number },
): Promise<void> {
	const changed = changedFields(before, after);
	const fields = Object.keys(changed.after);
	const groups = [
		{ action: "fraud_rules.updated" as const, keys: fields.filter((key) => FRAUD_FIELDS.includes(key)) },
		{ action: "settings.updated" as const, keys: fields.filter((key) => !FRAUD_FIELDS.includes(key)) },
	];
	for (const { action, keys } of groups) {
		if (keys.length === 0) continue;
		const pick = (values: Record<string, unknown>) =>
			Object.fromEntries(keys.map((key) => [key, values[key]]));
		await recordAudit(trx, {
			accountId,
			action,
			actor: audit.actor,
			now: audit.now,
			object: { type: "account", id: accountId },
			details: { before: pick(changed.before), after: pick(changed.after) },
		});
	}
}

export class NothingToMigrate extends Error {}

/**
 * The sandbox moves every Stripe Billing subscription to on-site billing at once: the migrated
 * count catches up with the subscription count and Stripe Billing is switched off.
 */
export async function migrateStripeBilling(db: Db, accountId: string): Promise<PaymentSettings> {
	return changeAccount(db, accountId, (row) => {
		const current = settingsOf(row);
		const remaining = current.stripe_billing_subscription_count - current.stripe_billing_migrated_count;
		if (remaining <= 0) throw new NothingToMigrate();
		const migrated: PaymentSettings = {
			...current,
			is_stripe_billing_enabled: false,
			is_migrating_stripe_billing: false,
			stripe_billing_migrated_count: current.stripe_billing_subscription_count,
		};
		return { result: migrated, columns: { settings: storedSettingsJson(migrated, row.settings) } };
	});
}
