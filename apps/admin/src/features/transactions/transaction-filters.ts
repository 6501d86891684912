/**
 * The advanced filters of the transactions tab (spec 2 "Transactions", spec 1 §9). Which filters,
 * in which order, with which rules and names is the list's declaration (packages/contract
 * transaction-list.ts); this file gives each value filter its choices.
 */
import type { Loan } from "@paydesk/contract/capital";
import { filterLabel, type ListField } from "@paydesk/contract/list-fields";
import { type TransactionRuleField, transactionList } from "@paydesk/contract/transaction-list";
import {
	channelLabel,
	RISK_LEVELS,
	riskLevelLabel,
	SOURCE_DEVICE_LABELS,
	SOURCE_DEVICES,
	TRANSACTION_CHANNELS,
	TRANSACTION_SOURCES,
	TRANSACTION_TYPES,
	transactionTypeLabel,
} from "@paydesk/domain/transactions";
import { __, sprintf } from "@wordpress/i18n";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import { type FilterField, type FilterOption, panelRules } from "../../components/list/list-query.ts";
import { COUNTRY_CODES, countryName } from "../../components/transactions-table/country-name.ts";
import { paymentMethodText } from "../../components/transactions-table/transaction-cells.tsx";
import { translator } from "../../components/translator.ts";

export interface FilterChoices {
	/** Customer currencies the account has seen (from the summary). */
	customerCurrencies?: readonly string[];
	/** Payment methods the account has seen; every known method until they load. */
	sources?: readonly string[];
	loans?: readonly Loan[];
}

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label);

function loanLabel(loan: Loan): string {
	return sprintf(
		__("%1$s paid out on %2$s", "paydesk"),
		formatMoney(loan.amount, loan.currency),
		formatStoreDate(loan.paid_out_at),
	);
}

/** The choices of each value filter, by field. */
const OPTIONS: Readonly<Record<TransactionRuleField, (choices: FilterChoices) => FilterOption[]>> = {
	customer_currency: (choices) =>
		(choices.customerCurrencies ?? []).map((code) => ({ value: code, label: code.toUpperCase() })),
	source: (choices) =>
		(choices.sources?.length ? choices.sources : TRANSACTION_SOURCES)
			.map((source) => ({ value: source, label: paymentMethodText(source, null) }))
			.sort(byLabel),
	type: () =>
		TRANSACTION_TYPES.map((type) => ({ value: type, label: transactionTypeLabel(type, translator) })),
	loan_id: (choices) => (choices.loans ?? []).map((loan) => ({ value: loan.id, label: loanLabel(loan) })),
	source_device: () =>
		SOURCE_DEVICES.map((device) => ({ value: device, label: SOURCE_DEVICE_LABELS[device] })),
	channel: () =>
		TRANSACTION_CHANNELS.map((channel) => ({ value: channel, label: channelLabel(channel, translator) })),
	customer_country: () =>
		COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort(byLabel),
	risk_level: () =>
		RISK_LEVELS.map((level) => ({ value: String(level), label: riskLevelLabel(level, translator) })),
};

export function transactionFilterFields(choices: FilterChoices = {}): FilterField[] {
	return transactionList.filterOrder.map((name): FilterField => {
		const field: ListField<never> = transactionList.fields[name];
		const label = filterLabel(field)(translator);
		if (field.filter?.kind !== "value") return { key: name, kind: "date", label };
		return {
			key: name,
			kind: "select",
			label,
			rules: panelRules(field.filter.rules),
			options: OPTIONS[name as TransactionRuleField](choices),
		};
	});
}
