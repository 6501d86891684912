/**
 * Account fees as the overview shows them (spec 3 §3.10, §9): "percentage + fixed per
 * transaction"; a discount fraction applies to the base and additional fees but not to the FX
 * fee; the total is per transaction; an unknown fee shows "missing fees".
 *
 * Where the spec is silent: a discount is active until its end_time and while the volume it
 * covers (volume_allowance) is not used up; only the first active discount applies; the total
 * adds every fee a payment can carry (base, additional, FX) so the merchant sees the most a
 * payment costs. The fixed part is rounded to the minor unit.
 */
import { type FeeRateEntry, type FeeRates, feeRatePercent } from "./fees.ts";
import { formatAmount } from "./money.ts";

export interface FeeRate {
	/** A fraction: 0.029 is 2.9 %. */
	percentage_rate: number;
	/** Minor units of currency. */
	fixed_rate: number;
	currency: string;
}

export interface FeeDiscount {
	/** Fraction taken off the base and additional fees: 0.25 is a quarter off. */
	discount: number;
	/** Volume the discount covers, minor units of volume_currency; null when unlimited. */
	volume_allowance: number | null;
	current_volume: number | null;
	volume_currency: string | null;
	/** ISO 8601; null when the discount does not end. */
	end_time: string | null;
}

export interface AccountFee {
	base: FeeRate;
	additional: FeeRate;
	fx: FeeRate;
	discount: readonly FeeDiscount[];
}

export const MISSING_FEES = "missing fees";

/** The discount that applies now, if any. */
export function activeDiscount(fee: AccountFee, nowMs: number): FeeDiscount | null {
	for (const discount of fee.discount) {
		if (discount.discount <= 0) continue;
		if (discount.end_time && Date.parse(discount.end_time) <= nowMs) continue;
		if (
			discount.volume_allowance !== null &&
			discount.current_volume !== null &&
			discount.current_volume >= discount.volume_allowance
		)
			continue;
		return discount;
	}
	return null;
}

/** Percentage (a fraction) and fixed minor units a payment costs, with a discount fraction applied. */
export function feeTotal(fee: AccountFee, discount = 0): FeeRate {
	const keep = 1 - discount;
	const percentage =
		(fee.base.percentage_rate + fee.additional.percentage_rate) * keep + fee.fx.percentage_rate;
	const fixed = (fee.base.fixed_rate + fee.additional.fixed_rate) * keep + fee.fx.fixed_rate;
	return {
		percentage_rate: Number(percentage.toPrecision(12)),
		fixed_rate: Math.round(fixed),
		currency: fee.base.currency,
	};
}

/** "2.9% + $0.30 per transaction". */
export function formatFeePerTransaction(rate: FeeRate, locale?: string): string {
	const percent = `${feeRatePercent(rate.percentage_rate)}%`;
	const fixed = formatAmount(rate.fixed_rate, rate.currency, { locale });
	return `${percent} + ${fixed} per transaction`;
}

export interface FeeDisplay {
	/** The base fee a payment costs now (discounted while a discount applies). */
	current: string;
	/** The undiscounted base fee, shown struck through while a discount applies. */
	original: string | null;
	/** The active discount, for a note under the fee. */
	discount: FeeDiscount | null;
	/** "+1.5%" for international cards, when the method has an additional fee (discounted). */
	additional: string | null;
	/** "+1%" for currency conversion, never discounted. */
	fx: string | null;
	/** Base, additional and FX together: the most a payment costs. */
	total: string;
}

function surcharge(rate: FeeRate, keep: number, locale?: string): string | null {
	const percentage = Number((rate.percentage_rate * keep).toPrecision(12));
	const fixed = Math.round(rate.fixed_rate * keep);
	if (percentage === 0 && fixed === 0) return null;
	const parts = [`+${feeRatePercent(percentage)}%`];
	if (fixed !== 0) parts.push(formatAmount(fixed, rate.currency, { locale }));
	return parts.join(" + ");
}

/** The fee lines of one payment method; "missing fees" when the account has no fee for it. */
export function feeDisplay(fee: AccountFee | null | undefined, nowMs: number, locale?: string): FeeDisplay {
	if (!fee) {
		return {
			current: MISSING_FEES,
			original: null,
			discount: null,
			additional: null,
			fx: null,
			total: MISSING_FEES,
		};
	}
	const discount = activeDiscount(fee, nowMs);
	const keep = 1 - (discount?.discount ?? 0);
	const base = {
		percentage_rate: Number((fee.base.percentage_rate * keep).toPrecision(12)),
		fixed_rate: Math.round(fee.base.fixed_rate * keep),
		currency: fee.base.currency,
	};
	return {
		current: formatFeePerTransaction(base, locale),
		original: discount ? formatFeePerTransaction(fee.base, locale) : null,
		discount,
		additional: surcharge(fee.additional, keep, locale),
		fx: surcharge(fee.fx, 1, locale),
		total: formatFeePerTransaction(feeTotal(fee, discount?.discount ?? 0), locale),
	};
}

/** "25% off fees", "… on your next $2,000.00 of sales", "… until {date}". */
export function discountNote(
	discount: FeeDiscount,
	formatEnd: (iso: string) => string,
	locale?: string,
): string {
	let note = `${Math.round(discount.discount * 100)}% off fees`;
	if (discount.volume_allowance !== null && discount.volume_currency) {
		const left = discount.volume_allowance - (discount.current_volume ?? 0);
		note += ` on your next ${formatAmount(left, discount.volume_currency, { locale })} of sales`;
	}
	if (discount.end_time) note += ` until ${formatEnd(discount.end_time)}`;
	return note;
}

export interface PaymentFeeInput {
	/** The payment in minor units of the fee's currency (the settlement currency). */
	amount: number;
	/** A card issued in another country than the account's: the additional fee applies. */
	international: boolean;
	/** The customer paid in another currency than the settlement currency: the FX fee applies. */
	crossCurrency: boolean;
	nowMs: number;
}

/**
 * What the processor takes from one payment, by the account's fee schedule: the base fee, the
 * international surcharge for a card issued abroad, the FX fee for a converted payment, and
 * the active discount off the base and international parts (as the overview shows them). The
 * fee is rounded to the minor unit; its rates are what the timeline lists (spec 2 §4 fee_rates).
 */
export function paymentFeeOf(fee: AccountFee, input: PaymentFeeInput): { fee: number; rates: FeeRates } {
	const discount = activeDiscount(fee, input.nowMs)?.discount ?? 0;
	const applied: AccountFee = {
		base: fee.base,
		additional: input.international
			? fee.additional
			: { ...fee.additional, percentage_rate: 0, fixed_rate: 0 },
		fx: input.crossCurrency ? fee.fx : { ...fee.fx, percentage_rate: 0, fixed_rate: 0 },
		discount: fee.discount,
	};
	const total = feeTotal(applied, discount);
	const currency = fee.base.currency;
	const history: FeeRateEntry[] = [
		{ type: "base", percentage_rate: fee.base.percentage_rate, fixed_rate: fee.base.fixed_rate, currency },
	];
	if (input.international && (fee.additional.percentage_rate > 0 || fee.additional.fixed_rate > 0))
		history.push({
			type: "additional",
			additional_type: "international",
			percentage_rate: fee.additional.percentage_rate,
			fixed_rate: fee.additional.fixed_rate,
			currency,
		});
	if (input.crossCurrency && (fee.fx.percentage_rate > 0 || fee.fx.fixed_rate > 0))
		history.push({
			type: "additional",
			additional_type: "fx",
			percentage_rate: fee.fx.percentage_rate,
			fixed_rate: fee.fx.fixed_rate,
			currency,
		});
	if (discount > 0) {
		const undiscounted = feeTotal(applied, 0);
		history.push({
			type: "discount",
			percentage_rate: Number((total.percentage_rate - undiscounted.percentage_rate).toPrecision(12)),
			fixed_rate: total.fixed_rate - undiscounted.fixed_rate,
			currency,
		});
	}
	return {
		fee: Math.round(input.amount * total.percentage_rate) + total.fixed_rate,
		rates: { percentage: total.percentage_rate, fixed: total.fixed_rate, fixed_currency: currency, history },
	};
}
