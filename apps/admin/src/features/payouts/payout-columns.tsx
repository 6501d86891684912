/** The payouts table's columns, declared once (spec 2 "Payouts list"). */
import type { Payout } from "@paydesk/contract/deposits";
import { displayStatus, payoutStatusDisplay, payoutTypeLabel } from "@paydesk/domain/payouts";
import { __ } from "@wordpress/i18n";
import { adminUrl, Link } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { translator } from "../../components/translator.ts";

const detailsUrl = (payout: Payout) => adminUrl("/payments/payouts/details", { id: payout.id });

export const PAYOUT_COLUMNS: readonly Column<Payout>[] = [
	{
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
	},
	{
		key: "date",
		label: __("Date", "paydesk"),
		sortable: true,
		required: true,
		cell: (payout) => <Link href={detailsUrl(payout)}>{formatStoreDate(payout.date)}</Link>,
	},
	{
		key: "type",
		label: __("Type", "paydesk"),
		cell: (payout) => payoutTypeLabel(payout.type, translator),
	},
	{
		key: "amount",
		label: __("Amount", "paydesk"),
		sortable: true,
		numeric: true,
		required: true,
		cell: (payout) => formatMoney(payout.amount, payout.currency),
	},
	{
		key: "status",
		label: __("Status", "paydesk"),
		cell: (payout) => {
			const display = payoutStatusDisplay(displayStatus(payout), translator);
			return <Chip label={display.label} type={display.chip} />;
		},
	},
	{ key: "bankAccount", label: __("Bank account", "paydesk"), cell: (payout) => payout.bankAccount },
	{
		key: "bankReferenceId",
		label: __("Bank reference ID", "paydesk"),
		cell: (payout) => payout.bank_reference_key || __("N/A", "paydesk"),
	},
];

export const PAYOUTS_HIDDEN_COLUMNS_KEY = "wc_payments_payouts_hidden_columns";
