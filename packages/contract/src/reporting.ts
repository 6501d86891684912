/**
 * Payment activity report data (spec 2 §3, §7, §9; spec 1 §3 period presets): the figures of the
 * overview's payment activity card for one store currency and one period.
 *
 * Choices where the spec is silent:
 * - date_start and date_end are 'YYYY-MM-DDTHH:mm:ss' in the user's time, both included (the end
 *   is the last second of the period); timezone is the user's UTC offset ("+02:00") or a zone
 *   name; the answer repeats the three as they were read.
 * - preset_name names the period preset the merchant chose (spec 1 §3); it is optional, so a
 *   script may ask for any range by its dates alone, and the dates decide the period either way.
 * - Figures are integers of minor units of `currency`; charges, refunds, disputes and fees are
 *   positive amounts (a failed refund or a won dispute lowers refunds or disputes), and
 *   total_payment_volume = charges − refunds − disputes (domain/payment-activity).
 */
import { isValidTimeZone, parseFilterDate } from "@paydesk/domain/dates";
import { PERIOD_PRESETS } from "@paydesk/domain/periods";
import { z } from "zod";
import { currencyCode, minorAmount } from "./common.ts";
import { defineRoute, REST_BASE } from "./route.ts";

const REPORT_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

export const reportDateTime = z
	.string()
	.refine((value) => REPORT_DATE_TIME.test(value) && parseFilterDate(value) !== null, {
		error: "must be a date and time as YYYY-MM-DDTHH:mm:ss",
	});

export const paymentActivityQuery = z
	.object({
		currency: currencyCode,
		preset_name: z.enum(PERIOD_PRESETS).optional(),
		date_start: reportDateTime,
		date_end: reportDateTime,
		timezone: z.string().refine(isValidTimeZone, {
			error: 'must be a UTC offset such as "+02:00" or a time zone name such as "Europe/Paris"',
		}),
	})
	.refine((query) => query.date_start <= query.date_end, {
		path: ["date_end"],
		error: "must not be before date_start",
	});
export type PaymentActivityQuery = z.output<typeof paymentActivityQuery>;

export const paymentActivity = z.object({
	currency: z.string(),
	date_start: z.string(),
	date_end: z.string(),
	timezone: z.string(),
	total_payment_volume: minorAmount,
	charges: minorAmount,
	refunds: minorAmount,
	disputes: minorAmount,
	fees: minorAmount,
});
export type PaymentActivity = z.infer<typeof paymentActivity>;

export const getPaymentActivity = defineRoute({
	method: "GET",
	path: `${REST_BASE}/reporting/payment_activity`,
	summary: "Payment activity figures of one currency over a period",
	tag: "reporting",
	query: paymentActivityQuery,
	response: paymentActivity,
});
