/**
 * The payout overview card: automatic payouts show date, status and amount; instant payouts
 * and withdrawals show date, amount, service fee percent, fee and net (spec 2 "Payout details").
 */
import type { Payout } from "@paydesk/contract/deposits";
import {
	displayStatus,
	payoutFailureReason,
	payoutStatusDisplay,
	payoutSummaryAmounts,
} from "@paydesk/domain/payouts";
import { Card, CardBody, CardHeader, Notice } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import { translator } from "../../components/translator.ts";

/** "Payout", or "Withdrawal" for a withdrawal the merchant asked for; " · Instant" when instant. */
function payoutHeading(payout: Payout): string {
	const instant = payout.method === "instant";
	if (!payout.automatic && payout.type === "withdrawal")
		return instant ? __("Withdrawal · Instant", "paydesk") : __("Withdrawal", "paydesk");
	return instant ? __("Payout · Instant", "paydesk") : __("Payout", "paydesk");
}

export function PayoutSummary({ payout }: { payout: Payout }) {
	const display = payoutStatusDisplay(displayStatus(payout), translator);
	const money = (amount: number) => formatMoney(amount, payout.currency);
	const amounts = payoutSummaryAmounts(payout);
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">{payoutHeading(payout)}</h2>
			</CardHeader>
			<CardBody>
				{payout.automatic ? (
					<dl className="paydesk-summary-list">
						<div>
							<dt>{__("Payout date", "paydesk")}</dt>
							<dd>{formatStoreDate(payout.date)}</dd>
						</div>
						<div>
							<dt>{__("Status", "paydesk")}</dt>
							<dd>
								<Chip label={display.label} type={display.chip} />
							</dd>
						</div>
						<div>
							<dt>{__("Amount", "paydesk")}</dt>
							<dd className="paydesk-summary-list__amount">{money(payout.amount)}</dd>
						</div>
					</dl>
				) : (
					<dl className="paydesk-summary-list">
						<div>
							<dt>{__("Date", "paydesk")}</dt>
							<dd>{formatStoreDate(payout.date)}</dd>
						</div>
						<div>
							<dt>{__("Status", "paydesk")}</dt>
							<dd>
								<Chip label={display.label} type={display.chip} />
							</dd>
						</div>
						<div>
							<dt>{__("Amount", "paydesk")}</dt>
							<dd>{money(amounts.gross)}</dd>
						</div>
						<div>
							<dt>{sprintf(__("Service fee (%s%%)", "paydesk"), String(payout.fee_percentage))}</dt>
							<dd>-{money(amounts.fee)}</dd>
						</div>
						<div>
							<dt>{__("Net amount", "paydesk")}</dt>
							<dd className="paydesk-summary-list__amount">{money(amounts.net)}</dd>
						</div>
					</dl>
				)}
				{payout.status === "failed" && (
					<Notice status="error" isDismissible={false} className="paydesk-payout-failure">
						{payoutFailureReason(payout, translator)}
					</Notice>
				)}
			</CardBody>
		</Card>
	);
}

export function PayoutBankCard({ payout }: { payout: Payout }) {
	return (
		<Card>
			<CardBody>
				<dl className="paydesk-summary-list">
					<div>
						<dt>{__("Bank account", "paydesk")}</dt>
						<dd>{payout.bankAccount}</dd>
					</div>
					<div>
						<dt>{__("Bank reference ID", "paydesk")}</dt>
						<dd>{payout.bank_reference_key || __("N/A", "paydesk")}</dd>
					</div>
				</dl>
			</CardBody>
		</Card>
	);
}
