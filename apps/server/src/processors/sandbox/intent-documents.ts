/**
 * The JSON documents of a payment intent: the answer the API last gave (payment_intents.answer,
 * and what an intake's Idempotency-Key remembers), and the payment that waits for 3-D Secure
 * (payment_intents.pending). Each schema is typed as the type it stores, so the compiler keeps
 * the two alike.
 */
import {
	type PostalAddressInput,
	paymentError,
	paymentIntentResult,
} from "@paydesk/contract/payment-intents";
import type { FeeRates } from "@paydesk/domain/fees";
import type { FraudVerdict } from "@paydesk/domain/fraud-evaluation";
import { RULE_OUTCOMES } from "@paydesk/domain/fraud-rules";
import type { CardDecline, CheckResult } from "@paydesk/domain/test-cards";
import { z } from "zod";
import { parseJsonColumn } from "../../db/json.ts";
import type { PaymentIntentsTable } from "../../db/schema.ts";
import type { IntakeAnswer } from "../processor.ts";
import type { CardFacts, Decision, PaymentPlan } from "./intake-plan.ts";
import type { PendingPayment } from "./intake-records.ts";

/** What the API answers for a payment: the intent, and the decline when it failed. */
export const intakeAnswer: z.ZodType<IntakeAnswer, IntakeAnswer> = z.object({
	intent: paymentIntentResult,
	error: paymentError.nullable(),
});

const storedAnswer = paymentIntentResult.describe("payment_intents.answer");

/** The intent as the API last answered it, or null. */
export const intentAnswerOf = (row: Pick<PaymentIntentsTable, "answer">) =>
	parseJsonColumn(storedAnswer, row.answer, null);

const checkResult: z.ZodType<CheckResult, CheckResult> = z.enum(["pass", "fail", "unavailable"]);

const cardFacts: z.ZodType<CardFacts, CardFacts> = z.object({
	brand: z.string(),
	last4: z.string(),
	exp_month: z.number(),
	exp_year: z.number(),
	country: z.string(),
	funding: z.string(),
	fingerprint: z.string(),
	checks: z.object({
		cvc_check: checkResult,
		address_line1_check: checkResult,
		address_postal_code_check: checkResult,
	}),
});

const feeRates: z.ZodType<FeeRates, FeeRates> = z.object({
	percentage: z.number(),
	fixed: z.number(),
	fixed_currency: z.string(),
	history: z
		.array(
			z.object({
				type: z.string(),
				additional_type: z.string().nullable().optional(),
				percentage_rate: z.number(),
				fixed_rate: z.number(),
				currency: z.string(),
			}),
		)
		.nullable()
		.optional(),
});

const cardDecline: z.ZodType<CardDecline, CardDecline> = z.object({
	code: z.string(),
	declineCode: z.string(),
	message: z.string(),
});

const fraudVerdict: z.ZodType<FraudVerdict, FraudVerdict> = z.object({
	outcome: z.enum(RULE_OUTCOMES),
	rule: z.string(),
	results: z.record(z.string(), z.enum(RULE_OUTCOMES)),
});

const decision: z.ZodType<Decision, Decision> = z.discriminatedUnion("kind", [
	z.object({
		kind: z.literal("decline"),
		decline: cardDecline,
		outcomeType: z.enum(["issuer_declined", "blocked"]),
		reason: z.string(),
	}),
	z.object({ kind: z.literal("block"), verdict: fraudVerdict }),
	z.object({ kind: z.literal("review"), verdict: fraudVerdict }),
	z.object({ kind: z.literal("authorize") }),
	z.object({ kind: z.literal("capture") }),
]);

const paymentPlan: z.ZodType<PaymentPlan, PaymentPlan> = z.object({
	methodType: z.string(),
	details: z.record(z.string(), z.unknown()),
	card: cardFacts.nullable(),
	identifier: z.string().nullable(),
	riskLevel: z.number().nullable(),
	settlement: z.object({ currency: z.string(), amount: z.number(), exchangeRate: z.number().nullable() }),
	fee: z.number(),
	feeRates,
	transactionType: z.enum(["charge", "payment"]),
	availableAfter: z.number(),
	threeDSecure: z.boolean(),
	dispute: z.string().nullable(),
	decision,
});

/** A postal address as the intake stored it: already trimmed, its country upper-cased. */
const postalAddress: z.ZodType<PostalAddressInput, PostalAddressInput> = z.object({
	line1: z.string(),
	line2: z.string().optional(),
	city: z.string(),
	state: z.string(),
	postal_code: z.string(),
	country: z.string(),
});

const storedPendingPayment: z.ZodType<PendingPayment, PendingPayment> = z
	.object({
		plan: paymentPlan,
		amount: z.number(),
		currency: z.string(),
		captureMethod: z.enum(["automatic", "manual"]),
		billing: z.object({
			name: z.string(),
			email: z.string(),
			phone: z.string().nullable(),
			address: postalAddress,
		}),
		channel: z.string(),
		customerIp: z.string().nullable(),
		ipCountry: z.string().nullable(),
	})
	.describe("payment_intents.pending");

/** The payment waiting for 3-D Secure, or null when none waits. */
export const pendingPaymentOf = (row: Pick<PaymentIntentsTable, "pending">): PendingPayment | null =>
	parseJsonColumn(storedPendingPayment, row.pending, null);
