/**
 * The money lines several timeline events share: the amount the customer paid, the currency
 * conversion, the fee with its rates, the net, and the payout the money went into or out of.
 * Fee rates show as percent with 3 decimals and exchange rates with the precision rule
 * (packages/domain/fees).
 */
import { formatDate } from "../dates.ts";
import { exchangeRateOf, feeComponentLabel, formatExchangeRate, formatFeeRates } from "../fees.ts";
import { formatAmount } from "../money.ts";
import type { TimelineContext, TimelineEvent, TimelineLine } from "./types.ts";

export function money(amount: number, currency: string, context: TimelineContext, code = false): string {
	return formatAmount(amount, currency, { locale: context.locale, code });
}

/** The event's amount as the customer paid it (absolute: the headline says which way it went). */
export function customerMoney(event: TimelineEvent, context: TimelineContext, amount = event.amount): string {
	return money(Math.abs(amount ?? 0), event.currency ?? "usd", context);
}

/** The store's side of an event: its currency, and an amount (captured or moved) in it. */
export function storeSide(
	event: TimelineEvent,
	captured = false,
): { currency: string; amount: number; customerCurrency: string; customerAmount: number } {
	const details = event.transaction_details ?? {};
	const customerCurrency = details.customer_currency ?? event.currency ?? "usd";
	const customerAmount =
		(captured ? details.customer_amount_captured : null) ??
		details.customer_amount ??
		(captured ? event.amount_captured : null) ??
		event.amount ??
		0;
	const currency = details.store_currency ?? customerCurrency;
	const amount = (captured ? details.store_amount_captured : null) ?? details.store_amount ?? customerAmount;
	return { currency, amount, customerCurrency, customerAmount };
}

/** "€100.00 EUR → $108.35 USD (1 EUR = 1.0835 USD)", when the currencies differ; else null. */
export function conversionLine(
	event: TimelineEvent,
	context: TimelineContext,
	captured = false,
): string | null {
	const side = storeSide(event, captured);
	if (side.currency === side.customerCurrency) return null;
	const from = { amount: Math.abs(side.customerAmount), currency: side.customerCurrency };
	const to = { amount: Math.abs(side.amount), currency: side.currency };
	const rate = exchangeRateOf(from, to);
	const conversion = `${money(from.amount, from.currency, context, true)} → ${money(to.amount, to.currency, context, true)}`;
	if (rate === null) return conversion;
	return `${conversion} (1 ${from.currency.toUpperCase()} = ${formatExchangeRate(rate)} ${to.currency.toUpperCase()})`;
}

/**
 * "Fee (2.9% + $0.30): -$3.20", then one line per fee component when there are several
 * ("Base fee: 2.9% + $0.30", "Foreign exchange fee: 1%").
 */
export function feeLines(event: TimelineEvent, context: TimelineContext, storeCurrency: string): string[] {
	const fee = event.fee ?? event.transaction_details?.store_fee ?? null;
	if (fee === null) return [];
	const rates = event.fee_rates;
	const amount = money(-fee, storeCurrency, context);
	if (!rates) return [`Fee: ${amount}`];
	const total = formatFeeRates(
		{ percentage: rates.percentage, fixed: rates.fixed, currency: rates.fixed_currency },
		context.locale,
	);
	const lines = [`Fee (${total}): ${amount}`];
	const history = rates.history ?? [];
	if (history.length > 1) {
		for (const component of history) {
			const rate = formatFeeRates(
				{ percentage: component.percentage_rate, fixed: component.fixed_rate, currency: component.currency },
				context.locale,
			);
			lines.push(`${feeComponentLabel(component)}: ${rate}`);
		}
	}
	return lines;
}

export function payoutUrl(id: string): string {
	return `/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=${encodeURIComponent(id)}`;
}

/**
 * Where the event's money went: the payout it is part of (a link to it, by arrival date), or
 * that an upcoming payout will carry it. `out` is money leaving the balance (refunds, disputes).
 */
export function payoutLine(event: TimelineEvent, context: TimelineContext, out: boolean): TimelineLine {
	const deposit = event.deposit;
	if (!deposit) {
		return [
			out
				? "This amount will be deducted from an upcoming payout."
				: "This amount will be included in an upcoming payout.",
		];
	}
	const date = formatDate(context.dateFormat, deposit.arrival_date, context.timeZone);
	const link = { text: date, href: payoutUrl(deposit.id) };
	if (deposit.arrival_date > context.now) {
		return [
			out ? "Will be deducted from the payout scheduled for " : "Included in the payout scheduled for ",
			link,
		];
	}
	return [out ? "Deducted from the payout of " : "Included in the payout of ", link];
}
