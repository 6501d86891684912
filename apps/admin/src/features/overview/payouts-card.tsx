/**
 * The payouts of the selected currency (spec 3 §2.8, §4.6, §5.6): the payouts indicator, the
 * next payout, the 3 most recent payouts, 'View full payout history', and 'Change payout
 * schedule' only when payouts are not blocked and the waiting period is done (and never to a
 * payments viewer).
 */
import type { Payout } from "@paydesk/contract/deposits";
import { payoutsIndicator } from "@paydesk/domain/account-status";
import { displayStatus, payoutStatusDisplay } from "@paydesk/domain/payouts";
import { Card, CardBody, CardFooter, CardHeader, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { ADMIN_PATHS, payoutDetailsUrl } from "../../app/paths.ts";
import { adminUrl, Link, settingsUrl } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import { translator } from "../../components/translator.ts";
import { useDepositsOverview, useRecentPayouts } from "../../data/payouts.ts";
import { useBalanceSettled, useSelectedCurrency } from "./overview-data.ts";

function PayoutRow({ payout }: { payout: Payout }) {
	const status = payoutStatusDisplay(displayStatus(payout), translator);
	return (
		<li className="paydesk-payouts-card__row">
			<Link href={payoutDetailsUrl(payout.id)}>{formatStoreDate(payout.date)}</Link>
			<Chip label={status.label} type={status.chip} />
			<span className="paydesk-payouts-card__amount">{formatMoney(payout.amount, payout.currency)}</span>
		</li>
	);
}

export function PayoutsCard() {
	const status = getSettings().accountStatus;
	const overview = useDepositsOverview();
	const { selected } = useSelectedCurrency();
	const recent = useRecentPayouts(selected, useBalanceSettled());
	const account = overview.data?.account;
	const next = overview.data?.deposit.next_scheduled.find((payout) => payout.currency === selected);
	// A payments viewer changes no schedule: the link is not offered to it.
	const canChangeSchedule =
		useCan("manage_woocommerce") &&
		account !== undefined &&
		!account.deposits_blocked &&
		account.completed_waiting_period;
	return (
		<Card className="paydesk-payouts-card">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Payouts", "paydesk")}</h2>
				{status && (
					<span className="paydesk-payouts-card__indicator">{payoutsIndicator(status, translator)}</span>
				)}
			</CardHeader>
			<CardBody>
				{next && (
					<p className="paydesk-payouts-card__next">
						{__("Next payout", "paydesk")}: <strong>{formatMoney(next.amount, next.currency)}</strong>{" "}
						{formatStoreDate(next.date)}
					</p>
				)}
				<h3 className="paydesk-payouts-card__subtitle">{__("Recent payouts", "paydesk")}</h3>
				{recent.isPending && recent.fetchStatus !== "idle" && <Spinner />}
				{recent.data && recent.data.data.length === 0 && <p>{__("No payouts yet.", "paydesk")}</p>}
				{recent.data && recent.data.data.length > 0 && (
					<ul className="paydesk-payouts-card__list">
						{recent.data.data.map((payout) => (
							<PayoutRow key={payout.id} payout={payout} />
						))}
					</ul>
				)}
			</CardBody>
			<CardFooter className="paydesk-payouts-card__footer">
				<Link href={adminUrl(ADMIN_PATHS.payouts)}>{__("View full payout history", "paydesk")}</Link>
				{canChangeSchedule && (
					<a href={`${settingsUrl()}#payout-schedule`}>{__("Change payout schedule", "paydesk")}</a>
				)}
			</CardFooter>
		</Card>
	);
}
