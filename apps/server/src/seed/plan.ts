/**
 * The shape of the whole history, decided before any row is written: its days, how many
 * ordinary charges each day gets, the special payouts and the two loans.
 */
import { dayOf, dayStart, HOUR, monthsBefore, planDailyVolume } from "./calendar.ts";
import type { LoanTerms } from "./loans.ts";
import type { PayoutPlan } from "./payouts.ts";
import type { Random } from "./random.ts";

/** Balance transactions one ordinary charge yields on average (declines yield none, refunds two). */
const TRANSACTIONS_PER_CHARGE = 1.01;
/** Average USD sale in cents and the USD share of sales, to size the loans. */
const AVERAGE_USD_SALE = 9000;
const USD_SHARE = 0.75;

export interface HistoryPlan {
	accountCreated: number;
	firstDay: number;
	today: number;
	historyStart: number;
	/** Ordinary charges per day, from firstDay to today. */
	volume: Int32Array;
	regularCharges: number;
	disputes: number;
}

export function planHistory(random: Random, now: number, transactions: number): HistoryPlan {
	const accountCreated = monthsBefore(now, 20) + random.int(9 * HOUR, 17 * HOUR);
	const firstDay = dayOf(accountCreated) + 12;
	const today = dayOf(now);
	// Disputed charges (capture, debit, maybe reversal), scenarios, loans and reader fees add
	// transactions of their own.
	const disputes = Math.max(41, Math.round(transactions * 0.0025));
	const planned = Math.round(disputes * 2.2) + 150;
	const regularCharges = Math.max(40, Math.round((transactions - planned) / TRANSACTIONS_PER_CHARGE));
	const volume = planDailyVolume(random, firstDay, now, regularCharges);
	return {
		accountCreated,
		firstDay,
		today,
		historyStart: dayStart(firstDay),
		volume,
		regularCharges,
		disputes,
	};
}

export function planPayouts(history: HistoryPlan): PayoutPlan {
	const day = (ago: number): number => Math.max(history.firstDay + 3, history.today - ago);
	return {
		instant: [
			{ currency: "usd", day: day(210) },
			{ currency: "usd", day: day(120) },
			{ currency: "eur", day: day(95) },
			{ currency: "usd", day: day(47) },
			{ currency: "gbp", day: day(33) },
			{ currency: "usd", day: day(12) },
		],
		failed: [day(260), day(140), day(38)],
		canceled: [day(185), day(72)],
	};
}

/** Expected USD sales (cents) over `days` days from `fromDay`, from the volume plan. */
function expectedUsdSales(history: HistoryPlan, fromDay: number, days: number): number {
	let charges = 0;
	let known = 0;
	for (let d = fromDay; d < fromDay + days; d++) {
		const count = history.volume[d - history.firstDay];
		if (count === undefined) continue;
		charges += count;
		known++;
	}
	// Days after today repeat the average of the days known.
	const perDay = known > 0 ? charges / known : 0;
	return perDay * days * USD_SHARE * AVERAGE_USD_SALE;
}

function loanAmount(sales: number, withholdRate: number): number {
	return Math.max(50000, Math.round((withholdRate * sales) / 1.1 / 10000) * 10000);
}

/**
 * A loan taken 15 months ago, sized to be repaid in about 16 weeks, and the current one taken
 * nine weeks ago, sized for about 30 weeks, so it is still being repaid.
 */
export function planLoans(history: HistoryPlan, now: number): LoanTerms[] {
	const first = Math.max(history.firstDay + 30, dayOf(monthsBefore(now, 15)));
	const current = history.today - 63;
	const terms: LoanTerms[] = [];
	const add = (day: number, weeks: number, withholdRate: number, stayActive: boolean): void => {
		const amount = loanAmount(expectedUsdSales(history, day + 7, weeks * 7), withholdRate);
		terms.push({
			paidOutAt: dayStart(day) + 14 * HOUR,
			amount,
			feeAmount: Math.round(amount * 0.1),
			withholdRate,
			stayActive,
		});
	};
	if (first < current - 20) add(first, 16, 0.1, false);
	if (current > history.firstDay) add(current, 30, 0.08, true);
	return terms;
}
