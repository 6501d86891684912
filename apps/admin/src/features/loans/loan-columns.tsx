/** The 'All loans' table's columns; each loan links to its transactions (spec 2 'Loans page'). */
import type { Loan } from "@paydesk/contract/capital";
import { formatWithholdRate, loanStatus } from "@paydesk/domain/loans";
import { __ } from "@wordpress/i18n";
import { adminUrl, Link } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { translator } from "../../components/translator.ts";

/** The transactions list with type charge, filter advanced and loan_id_is (spec 2). */
export const loanTransactionsUrl = (loan: Loan) =>
	adminUrl("/payments/transactions", { type_is: "charge", filter: "advanced", loan_id_is: loan.id });

export const LOAN_COLUMNS: readonly Column<Loan>[] = [
	{
		key: "paid_out_at",
		label: __("Disbursed", "paydesk"),
		required: true,
		cell: (loan) => <Link href={loanTransactionsUrl(loan)}>{formatStoreDate(loan.paid_out_at)}</Link>,
	},
	{
		key: "status",
		label: __("Status", "paydesk"),
		required: true,
		cell: (loan) => {
			const status = loanStatus(loan, formatStoreDate, translator);
			return <Chip label={status.label} type={status.chip} tooltip={status.tooltip} />;
		},
	},
	{
		key: "amount",
		label: __("Amount", "paydesk"),
		numeric: true,
		required: true,
		cell: (loan) => formatMoney(loan.amount, loan.currency),
	},
	{
		key: "fee_amount",
		label: __("Fee", "paydesk"),
		numeric: true,
		required: true,
		cell: (loan) => formatMoney(loan.fee_amount, loan.currency),
	},
	{
		key: "withhold_rate",
		label: __("Withhold rate", "paydesk"),
		numeric: true,
		required: true,
		cell: (loan) => formatWithholdRate(loan.withhold_rate),
	},
	{
		key: "first_paydown_at",
		label: __("First paydown", "paydesk"),
		required: true,
		cell: (loan) => (loan.first_paydown_at ? formatStoreDate(loan.first_paydown_at) : "–"),
	},
	{
		key: "transactions",
		label: __("Transactions", "paydesk"),
		required: true,
		cell: (loan) => <Link href={loanTransactionsUrl(loan)}>{__("View transactions", "paydesk")}</Link>,
	},
];
