/**
 * Fees and exchange rates as the payment details show them (spec 2 §4, spec 3 §9): a fee rate
 * is a fraction (0.029) shown as a percent rounded to 3 decimals ("2.9%"); an exchange rate is
 * shown with 6 significant digits under 1 and 5 otherwise. Also the sandbox partner's standard
 * pricing, which the processor uses to describe the fee of a payment it captures.
 */
import { formatAmount, toMajor } from "./money.ts";

/** One component of a fee, as the timeline's fee_rates.history lists them. */
export interface FeeRateEntry {
	/** base | additional | fx | discount */
	type: string;
	/** For additional fees: international | fx … */
	additional_type?: string | null;
	percentage_rate: number;
	/** Minor units of `currency`. */
	fixed_rate: number;
	currency: string;
}

/** The fee rates of a payment: the total percentage and fixed part, and its components. */
export interface FeeRates {
	percentage: number;
	fixed: number;
	fixed_currency: string;
	history?: FeeRateEntry[] | null;
}

/**
 * A rate as a percent rounded to 3 decimals: 0.029 -> 2.9, 0.012345 -> 1.235. The product is
 * first cut to 12 significant digits so binary noise (0.07 * 100 = 7.000000000000001) never
 * tips the rounding.
 */
export function feeRatePercent(rate: number): number {
	const percent = Number((rate * 100).toPrecision(12));
	return Math.round(percent * 1000) / 1000;
}

/** "2.9%", "1.235%", "0%". */
export function formatFeeRate(rate: number): string {
	return `${feeRatePercent(rate)}%`;
}

/** "2.9% + $0.30", or only the part that is not zero. */
export function formatFeeRates(
	rates: { percentage: number; fixed: number; currency: string },
	locale?: string,
): string {
	const parts: string[] = [];
	if (rates.percentage !== 0 || rates.fixed === 0) parts.push(formatFeeRate(rates.percentage));
	if (rates.fixed !== 0) parts.push(formatAmount(rates.fixed, rates.currency, { locale }));
	return parts.join(" + ");
}

/** Significant digits of an exchange rate: 6 when the rate is under 1, otherwise 5. */
export function exchangeRatePrecision(rate: number): 5 | 6 {
	return Math.abs(rate) < 1 ? 6 : 5;
}

/** 1.0834567 -> "1.0835", 0.92345678 -> "0.923457"; trailing zeros are dropped ("1.1"). */
export function formatExchangeRate(rate: number): string {
	return String(Number(rate.toPrecision(exchangeRatePrecision(rate))));
}

/** Units of `to` per unit of `from`, from two amounts in minor units (zero-decimal aware). */
export function exchangeRateOf(
	from: { amount: number; currency: string },
	to: { amount: number; currency: string },
): number | null {
	const fromMajor = toMajor(from.amount, from.currency);
	if (fromMajor === 0) return null;
	return Math.abs(toMajor(to.amount, to.currency) / fromMajor);
}

/** The fixed part of the standard online price, in minor units of the settlement currency. */
export const STANDARD_FIXED_FEE: Readonly<Record<string, number>> = { usd: 30, eur: 25, gbp: 20 };
export const IN_PERSON_FIXED_FEE = 10;
/** Added to the percentage when the customer paid in another currency than the store's. */
export const FX_FEE_RATE = 0.01;

/** Percentage of the standard price by payment method type. */
export function standardFeePercentage(methodType: string): number {
	if (methodType === "card" || methodType === "link") return 0.029;
	if (methodType === "card_present") return 0.026;
	if (methodType === "sepa_debit" || methodType === "au_becs_debit") return 0.008;
	if (["affirm", "afterpay_clearpay", "klarna"].includes(methodType)) return 0.06;
	return 0.014;
}

/**
 * The sandbox partner's standard fee rates for a payment: method percentage plus a fixed part
 * in the settlement currency, and 1% more when the customer paid in another currency.
 */
export function standardFeeRates(methodType: string, currency: string, crossCurrency: boolean): FeeRates {
	const percentage = standardFeePercentage(methodType);
	const fixed =
		methodType === "card_present" ? IN_PERSON_FIXED_FEE : (STANDARD_FIXED_FEE[currency.toLowerCase()] ?? 30);
	const base: FeeRateEntry = { type: "base", percentage_rate: percentage, fixed_rate: fixed, currency };
	if (!crossCurrency) return { percentage, fixed, fixed_currency: currency, history: [base] };
	const fx: FeeRateEntry = { type: "fx", percentage_rate: FX_FEE_RATE, fixed_rate: 0, currency };
	return {
		percentage: Number((percentage + FX_FEE_RATE).toPrecision(12)),
		fixed,
		fixed_currency: currency,
		history: [base, fx],
	};
}
