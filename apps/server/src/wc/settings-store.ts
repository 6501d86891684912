/**
 * The general settings kept as the store's options under WooCommerce's names: read with
 * WooCommerce's defaults, changed after each value is checked against the contract, and the
 * store's base location and currency that page settings start from.
 */
import {
	GENERAL_DEFAULTS,
	GENERAL_GROUP,
	GENERAL_SETTING_IDS,
	GENERAL_SETTING_VALUES,
	type GeneralSettingId,
	SETTING_ERRORS,
	type SettingValue,
	type StoreSetting,
} from "@paydesk/contract/store-settings";
import { parseStoreLocation, type StoreLocation } from "@paydesk/domain/countries";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { RestError } from "../http/rest-error.ts";
import { readOptions, writeOptions } from "../wp/queries.ts";
import { GENERAL_SETTINGS } from "./general-settings.ts";

type Db = Kysely<Database>;

export function isGeneralSettingId(id: string): id is GeneralSettingId {
	return (GENERAL_SETTING_IDS as readonly string[]).includes(id);
}

export const invalidSetting = () => new RestError(SETTING_ERRORS.invalidSetting, "Invalid setting.", 404);

/** A stored value the setting accepts, else WooCommerce's default (also for a missing option). */
function storedValue(id: GeneralSettingId, stored: unknown): SettingValue {
	if (stored === false || stored === undefined) return GENERAL_DEFAULTS[id];
	const parsed = GENERAL_SETTING_VALUES[id].safeParse(stored);
	return parsed.success ? parsed.data : GENERAL_DEFAULTS[id];
}

function settingOf(id: GeneralSettingId, value: SettingValue): StoreSetting {
	const definition = GENERAL_SETTINGS[id];
	return {
		id,
		label: definition.label,
		description: definition.description,
		type: definition.type,
		default: GENERAL_DEFAULTS[id],
		...(definition.tip === undefined ? {} : { tip: definition.tip }),
		value,
		...(definition.options ? { options: definition.options() } : {}),
		group_id: GENERAL_GROUP,
	};
}

async function readValues(
	db: Db,
	accountId: string,
	ids: readonly GeneralSettingId[],
): Promise<Map<GeneralSettingId, SettingValue>> {
	const stored = await readOptions(db, accountId, ids);
	return new Map(ids.map((id) => [id, storedValue(id, stored[id])]));
}

export async function readGeneralSettings(db: Db, accountId: string): Promise<StoreSetting[]> {
	const values = await readValues(db, accountId, GENERAL_SETTING_IDS);
	return GENERAL_SETTING_IDS.map((id) => settingOf(id, values.get(id) ?? GENERAL_DEFAULTS[id]));
}

export async function readGeneralSetting(db: Db, accountId: string, id: string): Promise<StoreSetting> {
	if (!isGeneralSettingId(id)) throw invalidSetting();
	const values = await readValues(db, accountId, [id]);
	return settingOf(id, values.get(id) ?? GENERAL_DEFAULTS[id]);
}

type Checked = { id: GeneralSettingId; value: SettingValue } | RestError;

/** One update checked: the setting must exist and accept the value; the refusal names the problem. */
function check(id: string, value: unknown): Checked {
	if (!isGeneralSettingId(id)) return invalidSetting();
	const parsed = GENERAL_SETTING_VALUES[id].safeParse(value);
	if (parsed.success) return { id, value: parsed.data };
	const problem = `${id} ${parsed.error.issues[0]?.message ?? "is not a value this setting accepts"}`;
	return new RestError(SETTING_ERRORS.invalidValue, `An invalid setting value was passed: ${problem}.`, 400, {
		params: { [id]: problem },
	});
}

/**
 * Changes the settings of the updates that are valid, in one transaction, and answers each
 * update in order: the setting as saved, or why it was refused (nothing of it is saved).
 */
export async function updateGeneralSettings(
	db: Db,
	accountId: string,
	updates: readonly { id: string; value: unknown }[],
): Promise<(StoreSetting | RestError)[]> {
	const checked = updates.map((update) => check(update.id, update.value));
	const writes: Record<string, SettingValue> = {};
	for (const item of checked) if (!(item instanceof RestError)) writes[item.id] = item.value;
	if (Object.keys(writes).length > 0) await writeOptions(db, accountId, writes);
	return checked.map((item) => (item instanceof RestError ? item : settingOf(item.id, item.value)));
}

export interface StoreBase extends StoreLocation {
	/** Upper-case, as WooCommerce keeps it ("USD"). */
	currency: string;
}

/** Where the store is and what it sells in (woocommerce_default_country, woocommerce_currency). */
export async function readStoreBase(db: Db, accountId: string): Promise<StoreBase> {
	const values = await readValues(db, accountId, ["woocommerce_default_country", "woocommerce_currency"]);
	const location = String(
		values.get("woocommerce_default_country") ?? GENERAL_DEFAULTS.woocommerce_default_country,
	);
	return {
		...(parseStoreLocation(location) ?? { country: "US", state: "CA" }),
		currency: String(values.get("woocommerce_currency") ?? GENERAL_DEFAULTS.woocommerce_currency),
	};
}
