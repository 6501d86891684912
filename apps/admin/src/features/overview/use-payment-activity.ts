/**
 * The payment activity card's state and data: the period preset kept in session storage for
 * the browser session (spec 1 §2.2), its range in the user's own time and UTC offset, and
 * GET /reporting/payment_activity ('Error retrieving payment activity data.' on failure).
 */
import { getPaymentActivity } from "@paydesk/contract/reporting";
import {
	formatUtcOffset,
	localCalendarDay,
	PERIOD_STORAGE_KEY,
	type PeriodPreset,
	type PeriodRange,
	periodRange,
	storedPeriod,
} from "@paydesk/domain/periods";
import { useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";
import { getSettings } from "../../app/settings.ts";

function readStoredPeriod(): PeriodPreset {
	try {
		return storedPeriod(window.sessionStorage.getItem(PERIOD_STORAGE_KEY));
	} catch {
		return storedPeriod(null);
	}
}

export function usePeriod(): [PeriodPreset, (preset: PeriodPreset) => void] {
	const [preset, setPreset] = useState(readStoredPeriod);
	const choose = (next: PeriodPreset) => {
		setPreset(next);
		try {
			window.sessionStorage.setItem(PERIOD_STORAGE_KEY, next);
		} catch {
			// Private windows may refuse storage: the choice then lasts until the page is left.
		}
	};
	return [preset, choose];
}

/** The preset's range today; all time starts on the day the account was created. */
export function currentRange(preset: PeriodPreset, now = new Date()): PeriodRange {
	const created = getSettings().accountStatus?.created;
	const createdDay = localCalendarDay(created ? new Date(created) : now);
	return periodRange(preset, localCalendarDay(now), createdDay);
}

export function usePaymentActivity(range: PeriodRange, currency: string | null, enabled: boolean) {
	const query = {
		currency: currency ?? "",
		date_start: range.start,
		date_end: range.end,
		timezone: formatUtcOffset(-new Date().getTimezoneOffset()),
	};
	return useQuery({
		queryKey: queryKeys.reporting.paymentActivity(query),
		queryFn: ({ signal }) => callRoute(getPaymentActivity, { query, signal }),
		enabled: enabled && currency !== null,
		meta: {
			errorNotice: {
				message: __("Error retrieving payment activity data.", "paydesk"),
				id: "payment-activity",
			},
		},
	});
}
