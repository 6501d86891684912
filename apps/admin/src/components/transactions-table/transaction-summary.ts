/**
 * The summary under a transactions table: the count always, and total, fees and net only when
 * they add up in one currency — at most one store currency, or a store currency filter
 * (spec 2 "Transactions").
 */
import type { TransactionsSummary } from "@paydesk/contract/transactions";
import { transactionTotalsShown } from "@paydesk/domain/transactions";
import { __, _n } from "@wordpress/i18n";
import { formatMoney, formatNumber } from "../format.ts";
import type { SummaryItem } from "../list/data-table.tsx";

export function transactionSummaryItems(
	summary: TransactionsSummary | undefined,
	storeCurrencyFilter: string | undefined,
): SummaryItem[] {
	if (!summary) return [];
	const items: SummaryItem[] = [
		{
			label: _n("transaction", "transactions", summary.count, "paydesk"),
			value: formatNumber(summary.count),
		},
	];
	const currency = summary.currency;
	const shown = transactionTotalsShown({
		storeCurrencies: summary.store_currencies,
		storeCurrencyFilter,
	});
	if (!shown || !currency) return items;
	return [
		...items,
		{ label: __("total", "paydesk"), value: formatMoney(summary.total, currency) },
		{ label: __("fees", "paydesk"), value: formatMoney(summary.fees === 0 ? 0 : -summary.fees, currency) },
		{ label: __("net", "paydesk"), value: formatMoney(summary.net, currency) },
	];
}
