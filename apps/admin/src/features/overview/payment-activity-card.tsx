/**
 * The payment activity card (spec 1 §2.2, §3; spec 2 §9; spec 3 §2.8): the period selector of
 * nine presets, total payment volume, charges, refunds, disputes and fees of the selected
 * currency, each linking to the transactions behind it; a variant for a store with no volume
 * yet; the survey.
 */
import {
	type ActivityFigure,
	activityFigureLabel,
	figureTransactionsQuery,
} from "@paydesk/domain/payment-activity";
import {
	PERIOD_PRESETS,
	type PeriodPreset,
	type PeriodRange,
	periodLabels,
	periodRangeLabel,
} from "@paydesk/domain/periods";
import { Card, CardBody, CardFooter, CardHeader, SelectControl, Spinner } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { adminUrl, Link } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { formatMoney } from "../../components/format.ts";
import { translator } from "../../components/translator.ts";
import { usePaymentActivity } from "../../data/reporting.ts";
import { useBalanceSettled, useSelectedCurrency } from "./overview-data.ts";
import { OverviewSurvey } from "./overview-survey.tsx";
import { currentRange, usePeriod } from "./payment-activity-period.ts";

const SMALL_FIGURES: readonly ActivityFigure[] = ["charges", "refunds", "disputes", "fees"];

function FigureLink(props: {
	figure: ActivityFigure;
	amount: number;
	currency: string;
	range: PeriodRange;
	large?: boolean;
}) {
	const href = adminUrl(
		"/payments/transactions",
		figureTransactionsQuery(props.figure, props.range, props.currency),
	);
	return (
		<div className={`paydesk-activity__figure${props.large ? " is-large" : ""}`}>
			<span className="paydesk-activity__label">{activityFigureLabel(props.figure, translator)}</span>
			<Link href={href} className="paydesk-activity__amount" data-testid={`activity-${props.figure}`}>
				{formatMoney(props.amount, props.currency)}
			</Link>
		</div>
	);
}

export function PaymentActivityCard() {
	const settings = getSettings();
	const [preset, setPreset] = usePeriod();
	const range = currentRange(preset);
	const { selected } = useSelectedCurrency();
	const hasVolume = settings.lifetimeTPV > 0;
	const settled = useBalanceSettled();
	const activity = usePaymentActivity(range, selected, settled && hasVolume);
	return (
		<Card className="paydesk-activity">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Your payment activity", "paydesk")}</h2>
				{hasVolume && (
					<div className="paydesk-activity__period">
						<span className="paydesk-activity__range">
							{periodRangeLabel(range, settings.dateFormat, settings.locale.code)}
						</span>
						<SelectControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={__("Period", "paydesk")}
							hideLabelFromVision
							value={preset}
							options={PERIOD_PRESETS.map((value) => ({ value, label: periodLabels(translator)[value] }))}
							onChange={(value: string) => setPreset(value as PeriodPreset)}
						/>
					</div>
				)}
			</CardHeader>
			<CardBody>
				{!hasVolume && (
					<div className="paydesk-activity__empty">
						<p className="paydesk-activity__amount is-large">
							{formatMoney(0, selected ?? settings.storeCurrency)}
						</p>
						<p>
							{__(
								"No payments yet. Once your customers pay, your total payment volume, charges, refunds, disputes and fees show here.",
								"paydesk",
							)}
						</p>
					</div>
				)}
				{hasVolume && (activity.isPending || !selected) && (
					<div className="paydesk-loading" role="status">
						<Spinner /> {__("Loading your payment activity…", "paydesk")}
					</div>
				)}
				{hasVolume && activity.isError && <p>{__("Error retrieving payment activity data.", "paydesk")}</p>}
				{hasVolume && activity.data && selected && (
					<div className="paydesk-activity__figures" aria-live="polite">
						<FigureLink
							figure="total_payment_volume"
							amount={activity.data.total_payment_volume}
							currency={selected}
							range={range}
							large
						/>
						<div className="paydesk-activity__grid">
							{SMALL_FIGURES.map((figure) => (
								<FigureLink
									key={figure}
									figure={figure}
									amount={activity.data[figure]}
									currency={selected}
									range={range}
								/>
							))}
						</div>
						<p className="paydesk-activity__note">
							{sprintf(
								__("%s: charges less refunds and disputes.", "paydesk"),
								__("Total payment volume", "paydesk"),
							)}
						</p>
					</div>
				)}
			</CardBody>
			{settled && (
				<CardFooter>
					<OverviewSurvey />
				</CardFooter>
			)}
		</Card>
	);
}
