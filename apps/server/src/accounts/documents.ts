/**
 * The JSON documents of an accounts row, each with the schema of what Paydesk writes in it (the
 * contract's where the API serves the document), read through db/json.ts. accounts.onboarding is
 * read by onboarding.ts; accounts.settings is read here by the code that wants some of its keys,
 * and whole by settingsOf (payments/settings/entity.ts), which completes it with defaults and
 * repairs a malformed field with its default.
 */
import {
	accountStatus,
	depositsSchedule,
	externalAccount,
	progressiveOnboarding,
	requirementError,
} from "@paydesk/contract/accounts";
import { featureFlags } from "@paydesk/contract/page-settings";
import { DEFAULT_DEPOSIT_DELAY_DAYS, settingsEntity } from "@paydesk/contract/settings";
import { taxDetails } from "@paydesk/contract/vat";
import { z } from "zod";
import { parseJsonColumn } from "../db/json.ts";
import type { AccountsTable } from "../db/schema.ts";

/** A payout bank account as onboarding and the seed write it: every field is there. */
export const externalAccountRow = externalAccount.required();
export type ExternalAccountRow = z.infer<typeof externalAccountRow>;
export type RequirementErrorRow = z.infer<typeof requirementError>;
type ProgressiveOnboarding = z.infer<typeof progressiveOnboarding>;
export type DepositsSchedule = z.infer<typeof depositsSchedule>;

const storedRequirements = z.array(requirementError).describe("accounts.requirements");
const storedExternalAccounts = z.array(externalAccountRow).describe("accounts.external_accounts");
const storedProgressiveOnboarding = progressiveOnboarding.describe("accounts.progressive_onboarding");
/** A store that never saved its payout schedule keeps "{}", or the part it saved. */
const storedDepositsSchedule = depositsSchedule.partial().describe("accounts.deposits_schedule");
const storedFraudProtection = accountStatus.shape.fraudProtection.describe("accounts.fraud_protection");
const storedTaxDetails = taxDetails.describe("accounts.vat_details");
const storedFeatureFlags = featureFlags.partial().describe("accounts.feature_flags");
/**
 * The settings a merchant saved, over the entity's defaults: any of the entity's fields, and keys
 * the entity does not know (the fee schedule, the store's time zone).
 */
const storedSettings = settingsEntity.partial().loose().describe("accounts.settings");

/** The requirements the partner asks the merchant to meet. */
export const requirementsOf = (row: Pick<AccountsTable, "requirements">): RequirementErrorRow[] =>
	parseJsonColumn(storedRequirements, row.requirements, []);

/** The payout bank accounts, one per currency. */
export const externalAccountsOf = (row: Pick<AccountsTable, "external_accounts">): ExternalAccountRow[] =>
	parseJsonColumn(storedExternalAccounts, row.external_accounts, []);

/** Progressive onboarding (spec 1 §9); off, and complete, for an account that never used it. */
export const progressiveOnboardingOf = (
	row: Pick<AccountsTable, "progressive_onboarding">,
): ProgressiveOnboarding =>
	parseJsonColumn(storedProgressiveOnboarding, row.progressive_onboarding, {
		isEnabled: false,
		isComplete: true,
		tpv: 0,
		firstTransactionDate: null,
	});

/** The payout schedule of a store that never saved one: daily, after 7 days. */
const DEFAULT_DEPOSITS_SCHEDULE: DepositsSchedule = {
	interval: "daily",
	delay_days: DEFAULT_DEPOSIT_DELAY_DAYS,
	weekly_anchor: null,
	monthly_anchor: null,
};

/** The payout schedule: what the store saved, over the default. */
export const depositsScheduleOf = (row: Pick<AccountsTable, "deposits_schedule">): DepositsSchedule => ({
	...DEFAULT_DEPOSITS_SCHEDULE,
	...parseJsonColumn(storedDepositsSchedule, row.deposits_schedule, {}),
});

/** The account's AVS and CVC decline flags. */
export const fraudProtectionOf = (
	row: Pick<AccountsTable, "fraud_protection">,
): { declineOnAVSFailure: boolean; declineOnCVCFailure: boolean } =>
	parseJsonColumn(storedFraudProtection, row.fraud_protection, {
		declineOnAVSFailure: false,
		declineOnCVCFailure: true,
	});

/** The tax details the merchant saved (POST /vat), or null before. */
export const taxDetailsOf = (row: Pick<AccountsTable, "vat_details">): z.infer<typeof taxDetails> | null =>
	parseJsonColumn(storedTaxDetails, row.vat_details, null);

/** The feature flags the account sets; the others keep their defaults. */
export const featureFlagsOf = (
	row: Pick<AccountsTable, "feature_flags"> | undefined,
): Partial<z.infer<typeof featureFlags>> => parseJsonColumn(storedFeatureFlags, row?.feature_flags, {});

/** The settings saved on the account (its settings column), field by field. */
export const storedSettingsOf = (settings: string | null | undefined): z.infer<typeof storedSettings> =>
	parseJsonColumn(storedSettings, settings, {});
