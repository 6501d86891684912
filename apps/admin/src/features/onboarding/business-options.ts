/** Labels of the business step's revenue and timeframe values (spec 1 §3 onboarding data). */
import type { AnnualRevenue, GoLiveTimeframe } from "@paydesk/domain/onboarding";
import { __ } from "@wordpress/i18n";

export const ANNUAL_REVENUE_OPTIONS = (): { value: AnnualRevenue; label: string }[] => [
	{ value: "less_than_250k", label: __("Less than $250k", "paydesk") },
	{ value: "from_250k_to_1m", label: __("$250k – $1M", "paydesk") },
	{ value: "from_1m_to_20m", label: __("$1M – $20M", "paydesk") },
	{ value: "from_20m_to_100m", label: __("$20M – $100M", "paydesk") },
	{ value: "more_than_100m", label: __("More than $100M", "paydesk") },
];

export const GO_LIVE_OPTIONS = (): { value: GoLiveTimeframe; label: string }[] => [
	{ value: "already_live", label: __("My store is already live", "paydesk") },
	{ value: "within_1month", label: __("Within a month", "paydesk") },
	{ value: "from_1_to_3months", label: __("In 1 to 3 months", "paydesk") },
	{ value: "from_3_to_6months", label: __("In 3 to 6 months", "paydesk") },
	{ value: "more_than_6months", label: __("In more than 6 months", "paydesk") },
];
