/**
 * Validation of the fraud protection page (spec 3 §5.5, §4.5, §8) with the spec's exact
 * messages, the save decision (advanced, back to basic, or refused) and what the inputs accept
 * and show (spec 3 §3.12, §9).
 */
import {
	type AmountRangeFilter,
	type BuildContext,
	buildProtectionRules,
	type FraudFilters,
	type ItemRangeFilter,
	type ProtectionLevel,
	type ProtectionRule,
} from "./fraud-rules.ts";
import { currencyDecimals, currencySymbol, isZeroDecimal } from "./money.ts";
import { sprintf, type Translator } from "./translator.ts";

/** The page's messages, in the spec's words (spec 3 §5.5, §4.5, §8). */
export function fraudMessages(t: Translator) {
	return {
		priceRangeRequired: t.__(
			'A price range must be set for the "Purchase Price threshold" filter.',
			"paydesk",
		),
		priceMaxBelowMin: t.__(
			"Maximum purchase price must be greater than the minimum purchase price.",
			"paydesk",
		),
		priceRangeInline: t.__("A price range must be set for this filter to take effect.", "paydesk"),
		itemRangeRequired: t.__('An item range must be set for the "Order Item Threshold" filter.', "paydesk"),
		itemMaxBelowMin: t.__(
			'Maximum item count must be greater than the minimum item count on the "Order Item Threshold" rule.',
			"paydesk",
		),
		itemMaxBelowMinInline: t.__("Maximum item count must be greater than the minimum item count.", "paydesk"),
		itemRangeInline: t.__("An item range must be set for this filter to take effect.", "paydesk"),
		/* translators: %s: why the settings cannot be saved, a sentence of this page */
		notSaved: t.__("Settings were not saved. %s", "paydesk"),
		atLeastOne: t.__("At least one risk filter needs to be enabled for advanced protection.", "paydesk"),
		setBasic: t.__(
			'Current protection level is set to "basic". At least one risk filter needs to be enabled for advanced protection.',
			"paydesk",
		),
		setAdvanced: t.__('Current protection level is set to "advanced".', "paydesk"),
		loadError: t.__(
			"There was an error retrieving your fraud protection settings. Please refresh the page to try again.",
			"paydesk",
		),
		unsavedChanges: t.__(
			"There are unsaved changes on this page. Are you sure you want to leave and discard the unsaved changes?",
			"paydesk",
		),
		atLeastOneNotice: t.__(
			"At least one risk filter needs to be enabled for advanced protection.",
			"paydesk",
		),
	};
}

/** The first reason the filters cannot be saved, in the cards' order (spec 3 §5.5); null when valid. */
export function fraudValidationError(filters: FraudFilters, t: Translator): string | null {
	const messages = fraudMessages(t);
	const price = filters.purchase_price_threshold;
	if (price.enabled) {
		if (price.min_amount === null && price.max_amount === null) return messages.priceRangeRequired;
		if (price.min_amount !== null && price.max_amount !== null && price.max_amount <= price.min_amount)
			return messages.priceMaxBelowMin;
	}
	const items = filters.order_items_threshold;
	if (items.enabled) {
		if (items.min_items === null && items.max_items === null) return messages.itemRangeRequired;
		if (items.min_items !== null && items.max_items !== null && items.max_items <= items.min_items)
			return messages.itemMaxBelowMin;
	}
	return null;
}

/** The warning under a range card while it is on (spec 3 §5.5), or null. */
export function priceRangeWarning(filter: AmountRangeFilter, t: Translator): string | null {
	if (!filter.enabled) return null;
	const messages = fraudMessages(t);
	if (filter.min_amount === null && filter.max_amount === null) return messages.priceRangeInline;
	if (filter.min_amount !== null && filter.max_amount !== null && filter.max_amount <= filter.min_amount)
		return messages.priceMaxBelowMin;
	return null;
}

export function itemRangeWarning(filter: ItemRangeFilter, t: Translator): string | null {
	if (!filter.enabled) return null;
	const messages = fraudMessages(t);
	if (filter.min_items === null && filter.max_items === null) return messages.itemRangeInline;
	if (filter.min_items !== null && filter.max_items !== null && filter.max_items <= filter.min_items)
		return messages.itemMaxBelowMinInline;
	return null;
}

export type SaveDecision =
	| { kind: "advanced"; rules: ProtectionRule[]; notice: string }
	| { kind: "basic"; rules: ProtectionRule[]; notice: string }
	| { kind: "invalid"; notice: string }
	| { kind: "refused"; notice: string };

/**
 * What a save does (spec 3 §4.5): with a filter on, the level becomes advanced; with none on, a
 * basic store is refused, an advanced one falls back to basic (both error notices). Invalid
 * ranges are refused first with 'Settings were not saved.' and the reason; before them, what an
 * input shown on the page could not read (`inputError`, such as amountDecimalsError's).
 */
export function decideFraudSave(
	filters: FraudFilters,
	currentLevel: ProtectionLevel,
	context: BuildContext,
	t: Translator,
	inputError: string | null = null,
): SaveDecision {
	const messages = fraudMessages(t);
	const invalid = inputError ?? fraudValidationError(filters, t);
	if (invalid) return { kind: "invalid", notice: sprintf(messages.notSaved, invalid) };
	const rules = buildProtectionRules(filters, context);
	if (rules.length > 0) return { kind: "advanced", rules, notice: messages.setAdvanced };
	if (currentLevel === "basic") return { kind: "refused", notice: messages.atLeastOne };
	return { kind: "basic", rules, notice: messages.setBasic };
}

/** Amount inputs take digits with one optional decimal point (spec 3 §5.5). */
export function sanitizeAmountInput(text: string): string {
	const kept = text.replace(/[^\d.]/g, "");
	const dot = kept.indexOf(".");
	return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, "")}`;
}

/** The decimal places typed in an amount: "10.005" has 3, "12." and "12" none. */
function typedDecimals(text: string): number {
	const dot = text.indexOf(".");
	return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * An amount with more decimals than the store currency has (10.005 for USD, 10.5 for JPY) is
 * refused with this message: the rules store whole minor units of the store currency (spec 3
 * §3.12, §9), and such an amount has none, so it must not quietly mean "no limit". Null for an
 * amount that fits, and for a blank one (no limit).
 */
export function amountDecimalsError(text: string, currency: string, t: Translator): string | null {
	const allowed = currencyDecimals(currency);
	if (typedDecimals(text) <= allowed) return null;
	const code = currency.toUpperCase();
	if (allowed === 0) {
		/* translators: %s: a currency code such as JPY */
		return sprintf(t.__("%s amounts have no decimal places.", "paydesk"), code);
	}
	/* translators: 1: a currency code such as USD, 2: how many decimal places its amounts have */
	const format = t._n(
		"%1$s amounts have at most %2$d decimal place.",
		"%1$s amounts have at most %2$d decimal places.",
		allowed,
		"paydesk",
	);
	return sprintf(format, code, allowed);
}

/**
 * The symbol before the amount inputs (spec 3 §9: "default symbol $ unless multi-currency is
 * on"): "$" while multi-currency is off, the store currency's own symbol while it is on.
 */
export function fraudAmountSymbol(storeCurrency: string, multiCurrencyEnabled: boolean): string {
	return multiCurrencyEnabled ? currencySymbol(storeCurrency).trim() : "$";
}

/** Keys an item-count input refuses: plus, minus, dot, comma and e (spec 3 §5.5). */
export const BLOCKED_ITEM_KEYS: readonly string[] = ["+", "-", ".", ",", "e", "E"];

/** An item count as typed: a whole number of at least 1, blank for no limit. */
export function parseItemCount(text: string): number | null {
	const trimmed = text.trim();
	if (!/^\d+$/.test(trimmed)) return null;
	const value = Number(trimmed);
	return value >= 1 ? value : null;
}

/** Minor units as a merchant types them back ("150.5" for 15050 USD, "1500" for 1500 JPY). */
export function amountInputText(amount: number | null, currency: string): string {
	if (amount === null) return "";
	if (isZeroDecimal(currency)) return String(amount);
	const whole = Math.floor(amount / 100);
	const cents = amount % 100;
	return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, "0")}`;
}
