/**
 * The payouts table's columns (spec 2 "Payouts list"). Which columns exist, their headings, which
 * are required and which sort is the list's declaration (packages/contract payout-list.ts); this
 * file gives each column its cell.
 */
import type { Payout } from "@paydesk/contract/deposits";
import { type PayoutColumn, payoutList } from "@paydesk/contract/payout-list";
import { displayStatus, payoutStatusDisplay, payoutTypeLabel } from "@paydesk/domain/payouts";
import { __ } from "@wordpress/i18n";
import { adminUrl, Link } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { type DeclaredCell, declaredColumns } from "../../components/list/declared-list.ts";
import { translator } from "../../components/translator.ts";

const detailsUrl = (payout: Payout) => adminUrl("/payments/payouts/details", { id: payout.id });

const CELLS: Readonly<Record<PayoutColumn, DeclaredCell<Payout>>> = {
	date: { cell: (payout) => <Link href={detailsUrl(payout)}>{formatStoreDate(payout.date)}</Link> },
	type: { cell: (payout) => payoutTypeLabel(payout.type, translator) },
	amount: { numeric: true, cell: (payout) => formatMoney(payout.amount, payout.currency) },
	status: {
		cell: (payout) => {
			const display = payoutStatusDisplay(displayStatus(payout), translator);
			return <Chip label={display.label} type={display.chip} />;
		},
	},
	bank_account: { cell: (payout) => payout.bankAccount },
	bank_reference_key: { cell: (payout) => payout.bank_reference_key || __("N/A", "paydesk") },
};

/** The chevron that opens a payout's details, first in the row as in every list. */
const DETAILS_COLUMN: Column<Payout> = {
	key: "details",
	label: __("Details", "paydesk"),
	labelHidden: true,
	required: true,
	cell: (payout) => (
		<Link
			href={detailsUrl(payout)}
			aria-label={__("View payout details", "paydesk")}
			className="paydesk-details-link"
		>
			<span aria-hidden="true">›</span>
		</Link>
	),
};

export const PAYOUT_COLUMNS: readonly Column<Payout>[] = [
	DETAILS_COLUMN,
	...declaredColumns(payoutList, undefined, CELLS),
];

export const PAYOUTS_HIDDEN_COLUMNS_KEY = "wc_payments_payouts_hidden_columns";
