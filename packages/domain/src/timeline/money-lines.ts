/**
 * The money lines several timeline events share: the amount the customer paid, the currency
 * conversion, the fee with its rates, the net, and the payout the money went into or out of.
 * Fee rates show as percent with 3 decimals and exchange rates with the precision rule
 * (packages/domain/fees).
 */
import { formatDate } from "../dates.ts";
import { exchangeRateOf, type FeeRateEntry, formatExchangeRate, formatFeeRates } from "../fees.ts";
import { formatAmount } from "../money.ts";
import { sprintf, type Translator } from "../translator.ts";
import { linkedLine, type TimelineContext, type TimelineEvent, type TimelineLine } from "./types.ts";

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

/** "Base fee: 2.9% + $0.30": a fee component and its rates, by the component's type. */
function feeComponentLine(
	component: Pick<FeeRateEntry, "type" | "additional_type">,
	rate: string,
	t: Translator,
): string {
	const key = component.type === "additional" ? (component.additional_type ?? "additional") : component.type;
	switch (key) {
		case "base":
			/* translators: %s: the fee's rates, as "2.9% + $0.30" */
			return sprintf(t.__("Base fee: %s", "paydesk"), rate);
		case "international":
			/* translators: %s: the fee's rates, as "1.5%" */
			return sprintf(t.__("International card fee: %s", "paydesk"), rate);
		case "fx":
			/* translators: %s: the fee's rates, as "1%" */
			return sprintf(t.__("Foreign exchange fee: %s", "paydesk"), rate);
		case "discount":
			/* translators: %s: the discount's rates, as "-0.5%" */
			return sprintf(t.__("Discount: %s", "paydesk"), rate);
		default:
			/* translators: %s: the fee's rates, as "0.5% + $0.10" */
			return sprintf(t.__("Additional fee: %s", "paydesk"), rate);
	}
}

/**
 * "Fee (2.9% + $0.30): -$3.20", then one line per fee component when there are several
 * ("Base fee: 2.9% + $0.30", "Foreign exchange fee: 1%").
 */
export function feeLines(
	event: TimelineEvent,
	context: TimelineContext,
	storeCurrency: string,
	t: Translator,
): string[] {
	const fee = event.fee ?? event.transaction_details?.store_fee ?? null;
	if (fee === null) return [];
	const rates = event.fee_rates;
	const amount = money(-fee, storeCurrency, context);
	/* translators: %s: the fee, as "-$3.20" */
	if (!rates) return [sprintf(t.__("Fee: %s", "paydesk"), amount)];
	const total = formatFeeRates(
		{ percentage: rates.percentage, fixed: rates.fixed, currency: rates.fixed_currency },
		context.locale,
	);
	/* translators: %1$s: the fee's rates, as "2.9% + $0.30", %2$s: the fee, as "-$3.20" */
	const lines = [sprintf(t.__("Fee (%1$s): %2$s", "paydesk"), total, amount)];
	const history = rates.history ?? [];
	if (history.length > 1) {
		for (const component of history) {
			const rate = formatFeeRates(
				{ percentage: component.percentage_rate, fixed: component.fixed_rate, currency: component.currency },
				context.locale,
			);
			lines.push(feeComponentLine(component, rate, t));
		}
	}
	return lines;
}

/** "Net: $103.88": what the event left in (or took from) the balance after the fee. */
export function netLine(amount: number, currency: string, context: TimelineContext, t: Translator): string {
	/* translators: %s: the amount after fees, as "$103.88" */
	return sprintf(t.__("Net: %s", "paydesk"), money(amount, currency, context));
}

export function payoutUrl(id: string): string {
	return `/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=${encodeURIComponent(id)}`;
}

/**
 * Where the event's money went: the payout it is part of (a link to it, by arrival date in the
 * store's format and language), or that an upcoming payout will carry it. `out` is money leaving
 * the balance (refunds, disputes).
 */
export function payoutLine(
	event: TimelineEvent,
	context: TimelineContext,
	out: boolean,
	t: Translator,
): TimelineLine {
	const deposit = event.deposit;
	if (!deposit) {
		return [
			out
				? t.__("This amount will be deducted from an upcoming payout.", "paydesk")
				: t.__("This amount will be included in an upcoming payout.", "paydesk"),
		];
	}
	const date = formatDate(context.dateFormat, deposit.arrival_date, context.timeZone, context.locale);
	const link = { text: date, href: payoutUrl(deposit.id) };
	if (deposit.arrival_date > context.now) {
		return linkedLine(
			out
				? /* translators: %s: the payout's arrival date, a link to the payout */
					t.__("Will be deducted from the payout scheduled for %s", "paydesk")
				: /* translators: %s: the payout's arrival date, a link to the payout */
					t.__("Included in the payout scheduled for %s", "paydesk"),
			link,
		);
	}
	return linkedLine(
		out
			? /* translators: %s: the payout's arrival date, a link to the payout */
				t.__("Deducted from the payout of %s", "paydesk")
			: /* translators: %s: the payout's arrival date, a link to the payout */
				t.__("Included in the payout of %s", "paydesk"),
		link,
	);
}
