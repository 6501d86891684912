/**
 * /payments/loans, 'Capital Loans' (spec 2 'Loans page'): the active loan overview when a loan
 * is active, then the table 'All loans'.
 */
import { __ } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import { ActiveLoanSummary } from "../../components/active-loan-summary/active-loan-summary.tsx";
import { DataTable } from "../../components/list/data-table.tsx";
import type { Paging } from "../../components/list/list-query.ts";
import { useLoans } from "../../data/capital.ts";
import { LOAN_COLUMNS } from "./loan-columns.tsx";

/** Every loan on one page, newest first, as the server orders them. */
const PAGING: Paging = { paged: 1, perPage: 100, orderby: "", order: "desc" };

export default function LoansScreen() {
	const loans = useLoans();
	const hasActiveLoan = getSettings().accountLoans.has_active_loan;
	return (
		<div className="paydesk-page paydesk-loans">
			{hasActiveLoan && <ActiveLoanSummary />}
			<DataTable
				title={__("All loans", "paydesk")}
				columns={LOAN_COLUMNS}
				rows={loans.data?.data}
				rowKey={(loan) => loan.id}
				totalRows={undefined}
				paging={PAGING}
				hidden={[]}
				onToggleColumn={() => undefined}
				isLoading={loans.isPending}
				emptyMessage={
					loans.isError
						? __("Error retrieving the active loan summary.", "paydesk")
						: __("You have no loans yet.", "paydesk")
				}
			/>
		</div>
	);
}
