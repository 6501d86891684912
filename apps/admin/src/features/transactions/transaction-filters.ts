/**
 * The advanced filters of the transactions tab (spec 2 "Transactions", spec 1 §9): date, then
 * customer currency, payment method, type, loan, device type, sales channel, customer country
 * and risk level, each with is / is not — except the loan, which the API filters by "is" only
 * (loan_id_is, as the loans page links to it).
 */
import type { Loan } from "@paydesk/contract/capital";
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
import type { FilterField, FilterOption } from "../../components/list/list-query.ts";
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

export function transactionFilterFields(choices: FilterChoices = {}): FilterField[] {
	const sources = choices.sources?.length ? choices.sources : TRANSACTION_SOURCES;
	return [
		{ key: "date", kind: "date", label: __("Date", "paydesk") },
		{
			key: "customer_currency",
			kind: "select",
			label: __("Customer currency", "paydesk"),
			options: (choices.customerCurrencies ?? []).map((code) => ({ value: code, label: code.toUpperCase() })),
		},
		{
			key: "source",
			kind: "select",
			label: __("Payment method", "paydesk"),
			options: sources
				.map((source) => ({ value: source, label: paymentMethodText(source, null) }))
				.sort(byLabel),
		},
		{
			key: "type",
			kind: "select",
			label: __("Type", "paydesk"),
			options: TRANSACTION_TYPES.map((type) => ({
				value: type,
				label: transactionTypeLabel(type, translator),
			})),
		},
		{
			key: "loan_id",
			kind: "select",
			label: __("Loan", "paydesk"),
			rules: ["is"],
			options: (choices.loans ?? []).map((loan) => ({ value: loan.id, label: loanLabel(loan) })),
		},
		{
			key: "source_device",
			kind: "select",
			label: __("Device type", "paydesk"),
			options: SOURCE_DEVICES.map((device) => ({
				value: device,
				label: SOURCE_DEVICE_LABELS[device],
			})),
		},
		{
			key: "channel",
			kind: "select",
			label: __("Sales channel", "paydesk"),
			options: TRANSACTION_CHANNELS.map((channel) => ({
				value: channel,
				label: channelLabel(channel, translator),
			})),
		},
		{
			key: "customer_country",
			kind: "select",
			label: __("Customer country", "paydesk"),
			options: COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort(byLabel),
		},
		{
			key: "risk_level",
			kind: "select",
			label: __("Risk level", "paydesk"),
			options: RISK_LEVELS.map((level) => ({
				value: String(level),
				label: riskLevelLabel(level, translator),
			})),
		},
	];
}
