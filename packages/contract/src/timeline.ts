/**
 * The payment timeline (spec 2 §4 "Payment timeline events", §7 GET {base}/timeline/{id}).
 * Events come oldest first; events of one second in the order of the payment's life. `amount`
 * and `currency` are the customer's; the store's side is in `transaction_details`, the fee in
 * the store currency. The shape is the one packages/domain/timeline builds its texts from.
 */
import type { TimelineEvent } from "@paydesk/domain/timeline/types";
import { z } from "zod";
import { CHARGE_ERRORS, seconds } from "./charges.ts";
import { minorAmount, objectId } from "./common.ts";
import { defineRoute, REST_BASE } from "./route.ts";

const feeRateEntry = z.object({
	type: z.string(),
	additional_type: z.string().nullish(),
	percentage_rate: z.number(),
	fixed_rate: z.number(),
	currency: z.string(),
});

/** One timeline event; every field of spec 2 §4 besides type and datetime is optional. */
export const timelineEvent = z.object({
	type: z.string(),
	datetime: seconds,
	amount: minorAmount.nullish(),
	fee: minorAmount.nullish(),
	currency: z.string().nullish(),
	reason: z.string().nullish(),
	amount_captured: minorAmount.nullish(),
	amount_refunded: minorAmount.nullish(),
	deposit: z.object({ id: z.string(), arrival_date: seconds }).nullish(),
	fee_rates: z
		.object({
			percentage: z.number(),
			fixed: z.number(),
			fixed_currency: z.string(),
			history: z.array(feeRateEntry).nullish(),
		})
		.nullish(),
	transaction_details: z
		.object({
			customer_currency: z.string().nullish(),
			customer_amount: minorAmount.nullish(),
			customer_amount_captured: minorAmount.nullish(),
			customer_fee: minorAmount.nullish(),
			store_currency: z.string().nullish(),
			store_amount: minorAmount.nullish(),
			store_amount_captured: minorAmount.nullish(),
			store_fee: minorAmount.nullish(),
		})
		.nullish(),
	acquirer_reference_number: z.string().nullish(),
	acquirer_reference_number_status: z.string().nullish(),
	failure_reason: z.string().nullish(),
	loan_id: z.string().nullish(),
	user: z.object({ id: z.number().int(), username: z.string() }).nullish(),
	/** The fraud rules that matched and what each decided. */
	ruleset_results: z.record(z.string(), z.string()).nullish(),
}) satisfies z.ZodType<TimelineEvent>;
export type TimelineEventBody = z.infer<typeof timelineEvent>;

export const getTimeline = defineRoute({
	method: "GET",
	path: `${REST_BASE}/timeline/{id}`,
	summary: "The timeline of a payment intent, oldest event first",
	tag: "charges",
	params: z.object({ id: objectId }),
	response: z.object({ data: z.array(timelineEvent) }),
	errors: [CHARGE_ERRORS.intentNotFound],
});
