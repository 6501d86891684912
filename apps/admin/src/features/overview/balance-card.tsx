/**
 * The balance of the selected currency (spec 3 §2.8, §3.11): available and pending funds, the
 * instant payout of the payouts issue when funds can be paid out instantly, and the payout
 * notices. The currency selector shows only with more than one payout currency (spec 1 §2.2).
 */
import { isInstantPayoutAvailable } from "@paydesk/domain/payouts";
import { Card, CardBody, CardHeader, SelectControl, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { formatMoney } from "../../components/format.ts";
import { InstantPayoutButton } from "../../components/instant-payout/instant-payout.tsx";
import { useDepositsOverview } from "../../data/payouts.ts";
import { BalanceNotices, InstantPayoutOffer } from "./balance-notices.tsx";
import { useSelectedCurrency } from "./overview-data.ts";

function Figure({
	label,
	amount,
	hint,
	testId,
}: {
	label: string;
	amount: string;
	hint: string;
	testId: string;
}) {
	return (
		<div className="paydesk-balance__figure">
			<span className="paydesk-balance__label">{label}</span>
			<strong className="paydesk-balance__amount" data-testid={testId}>
				{amount}
			</strong>
			<span className="paydesk-balance__hint">{hint}</span>
		</div>
	);
}

export function BalanceCard() {
	const overview = useDepositsOverview();
	const { currencies, selected, select } = useSelectedCurrency();
	const data = overview.data;
	const of = (list: { amount: number; currency: string }[] | undefined) =>
		list?.find((entry) => entry.currency === selected)?.amount ?? 0;
	const instant = data?.balance.instant.find((entry) => entry.currency === selected);
	return (
		<Card className="paydesk-balance">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Your balance", "paydesk")}</h2>
				{currencies.length > 1 && selected && (
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						className="paydesk-balance__currency"
						label={__("Currency", "paydesk")}
						hideLabelFromVision
						value={selected}
						options={currencies.map((code) => ({ value: code, label: code.toUpperCase() }))}
						onChange={select}
					/>
				)}
			</CardHeader>
			<CardBody>
				{overview.isPending && (
					<div className="paydesk-loading" role="status">
						<Spinner /> {__("Loading your balance…", "paydesk")}
					</div>
				)}
				{overview.isError && <p>{__("Your balance could not be loaded.", "paydesk")}</p>}
				{data && selected && (
					<>
						<div className="paydesk-balance__figures">
							<Figure
								label={__("Available funds", "paydesk")}
								amount={formatMoney(of(data.balance.available), selected)}
								hint={__("Ready to be paid out to your bank.", "paydesk")}
								testId="balance-available"
							/>
							<Figure
								label={__("Pending funds", "paydesk")}
								amount={formatMoney(of(data.balance.pending), selected)}
								hint={__("Recent payments on their way to your balance.", "paydesk")}
								testId="balance-pending"
							/>
						</div>
						{instant && isInstantPayoutAvailable(instant) && (
							<div className="paydesk-balance__instant">
								<div>
									<span className="paydesk-balance__label">
										{__("Available for instant payout", "paydesk")}
									</span>
									<strong>{formatMoney(instant.amount, selected)}</strong>
								</div>
								<InstantPayoutButton instant={instant} />
							</div>
						)}
						<InstantPayoutOffer instantAmount={instant?.amount ?? 0} />
						<BalanceNotices overview={data} currency={selected} />
					</>
				)}
			</CardBody>
		</Card>
	);
}
