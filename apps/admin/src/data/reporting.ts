/**
 * The payment activity of a period in a currency (GET /reporting/payment_activity): the chosen
 * preset's name with its dates and the user's UTC offset (spec 1 §3); 'Error retrieving payment
 * activity data.' on failure.
 */
import { getPaymentActivity } from "@paydesk/contract/reporting";
import { formatUtcOffset, type PeriodRange } from "@paydesk/domain/periods";
import { useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

export function usePaymentActivity(range: PeriodRange, currency: string | null, enabled: boolean) {
	const query = {
		currency: currency ?? "",
		preset_name: range.preset,
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
