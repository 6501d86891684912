/**
 * The active loan overview (spec 2 'Loans page', Active loan summary): what has been repaid of
 * advance plus fee, the current repayment interval (paid, remaining, due date), and the loan's
 * terms — advance, fee, withhold rate as a percentage, when it was paid out and when repayments
 * begin. The loans page shows it, and the overview's loan section reuses it.
 */
import type { ActiveLoanSummary as Summary } from "@paydesk/contract/capital";
import { formatWithholdRate, progressLabelInside, repaidShare } from "@paydesk/domain/loans";
import { Card, CardBody, CardHeader, Spinner } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import "./active-loan-summary.css";
import { useActiveLoanSummary } from "../../data/capital.ts";
import { formatMoney, formatStoreDate } from "../format.ts";

/**
 * "$1,200.00 repaid of $5,500.00" as one translatable sentence, the repaid amount shown large
 * wherever the language puts it.
 */
function RepaidOf({ paid, total }: { paid: string; total: string }) {
	/* translators: %1$s: the amount repaid so far (shown large), %2$s: the loan's advance plus its fee */
	const sentence = __("%1$s repaid of %2$s", "paydesk");
	const [before = "", after = ""] = sentence.split("%1$s");
	return (
		<p className="paydesk-active-loan__repaid">
			{before.replace("%2$s", total)}
			<strong>{paid}</strong>
			{after.replace("%2$s", total)}
		</p>
	);
}

/**
 * The share repaid as a bar with its percentage, which sits inside the filled part once progress
 * exceeds one half and beside it before (spec 3 §9), where the filled part is too short to hold it.
 */
function RepaidBar({ share }: { share: number }) {
	const percent = `${Math.round(share * 100)}%`;
	const inside = progressLabelInside(share);
	return (
		<div
			className="paydesk-active-loan__bar"
			role="progressbar"
			aria-label={__("Repaid so far", "paydesk")}
			aria-valuemin={0}
			aria-valuemax={100}
			aria-valuenow={Math.round(share * 100)}
		>
			<span className="paydesk-active-loan__fill" style={{ width: `${share * 100}%` }}>
				{inside && <span className="paydesk-active-loan__label is-inside">{percent}</span>}
			</span>
			{!inside && <span className="paydesk-active-loan__label is-outside">{percent}</span>}
		</div>
	);
}

export function ActiveLoanDetails({ details }: { details: Summary["details"] }) {
	const money = (amount: number) => formatMoney(amount, details.currency);
	const interval = details.current_repayment_interval;
	const total = details.advance_amount + details.fee_amount;
	const share = repaidShare(details);
	return (
		<>
			<div className="paydesk-active-loan__progress">
				<RepaidOf paid={money(details.paid_amount)} total={money(total)} />
				<RepaidBar share={share} />
			</div>
			<dl className="paydesk-summary-list paydesk-active-loan__interval">
				<div>
					<dt>{__("Repaid this period", "paydesk")}</dt>
					<dd>{money(interval.paid_amount)}</dd>
				</div>
				<div>
					<dt>{sprintf(__("Minimum due by %s", "paydesk"), formatStoreDate(interval.due_at))}</dt>
					<dd>{money(interval.remaining_amount)}</dd>
				</div>
			</dl>
			<dl className="paydesk-summary-list paydesk-active-loan__terms">
				<div>
					<dt>{__("Loan paid out", "paydesk")}</dt>
					<dd>{formatStoreDate(details.advance_paid_out_at)}</dd>
				</div>
				<div>
					<dt>{__("Loan amount", "paydesk")}</dt>
					<dd>{money(details.advance_amount)}</dd>
				</div>
				<div>
					<dt>{__("Fixed fee", "paydesk")}</dt>
					<dd>{money(details.fee_amount)}</dd>
				</div>
				<div>
					<dt>{__("Withhold rate", "paydesk")}</dt>
					<dd>{formatWithholdRate(details.withhold_rate)}</dd>
				</div>
				<div>
					<dt>{__("Repayments begin", "paydesk")}</dt>
					<dd>{formatStoreDate(details.repayments_begin_at)}</dd>
				</div>
			</dl>
		</>
	);
}

/** The card with its own data; renders nothing when the summary could not be loaded. */
export function ActiveLoanSummary() {
	const summary = useActiveLoanSummary();
	if (summary.isError) return null;
	return (
		<Card className="paydesk-active-loan">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Active loan overview", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				{summary.isPending ? (
					<div className="paydesk-loading" role="status">
						<Spinner /> {__("Loading the active loan…", "paydesk")}
					</div>
				) : (
					<ActiveLoanDetails details={summary.data.details} />
				)}
			</CardBody>
		</Card>
	);
}
