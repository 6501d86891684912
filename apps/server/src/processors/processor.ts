/**
 * What a processor does, behind one door. Routes, jobs and the simulator reach a processor only
 * here: `processorFor` answers the account's processor, and its commands take a payment, confirm
 * it (3-D Secure), capture or cancel an authorization, refund, pay out instantly, save or submit
 * dispute evidence, accept a dispute, set the payout schedule, and run the timed work that came
 * due. The sandbox (processors/sandbox/) is the first processor; a merchant's own Stripe account
 * stands beside it without a route or the admin knowing which one an account uses.
 *
 * Every processor records what was decided through the same ledger (ledger/): balance
 * transactions and their rollups, value counts, the timeline and the account's events, each in
 * the transaction of its change. The vocabulary below (requests, answers and refusals) is the
 * interface's own, so a processor's internals are never part of it.
 */
import type { CreatePaymentIntentBody, PaymentIntentResult } from "@paydesk/contract/payment-intents";
import type { RefundReason, RefundRefusal } from "@paydesk/domain/refunds";
import type { DepositsSchedule } from "../accounts/documents.ts";
import type { AuditActor } from "../audit/record.ts";
import type { PayoutsTable, RefundsTable } from "../db/schema.ts";
import type { IdempotencyScope } from "../ledger/idempotency.ts";

/** A decline or a failed authentication, as the payment's answer carries it. */
export interface IntakeError {
	code: string;
	decline_code: string | null;
	message: string;
}

/** What the API answers: the intent, and the decline when the payment failed (a 402). */
export interface IntakeAnswer {
	intent: PaymentIntentResult;
	error: IntakeError | null;
}

export interface IntakeRequest {
	accountId: string;
	/**
	 * The intent's id when the caller made the intent before confirming it (Stripe's API does);
	 * a new one otherwise.
	 */
	intentId?: string | undefined;
	body: CreatePaymentIntentBody;
	now: number;
	idempotency?: IdempotencyScope | undefined;
}

export interface ConfirmRequest {
	accountId: string;
	intentId: string;
	/** The customer's answer when a script gives it; otherwise the one recorded on the page. */
	authentication?: "complete" | "fail" | undefined;
	now: number;
}

/** A field the processor refuses, named as the request names it. */
export class IntakeInvalid extends Error {
	constructor(readonly params: Record<string, string>) {
		super(Object.values(params).join(" "));
		this.name = "IntakeInvalid";
	}
}

/** A payment intent that cannot take the command in its state, or does not exist. */
export class IntakeStateError extends Error {
	constructor(
		readonly code: "wcpay_intent_not_found" | "payment_intent_unexpected_state" | "wcpay_payments_disabled",
		message: string,
		readonly status: 404 | 409,
	) {
		super(message);
		this.name = "IntakeStateError";
	}
}

export type AuthorizationFailureCode =
	| "missing_order"
	| "refunded_order"
	| "intent_order_mismatch"
	| "uncapturable"
	| "amount_too_small"
	| "capture_failed"
	| "cancel_failed";

/** What a capture or a cancellation answers: the intent and its status after it. */
export interface AuthorizationAnswer {
	id: string;
	status: string;
}

export type AuthorizationResult =
	| { ok: true; answer: AuthorizationAnswer; replayed: boolean }
	| {
			ok: false;
			code: AuthorizationFailureCode;
			message: string;
			minimum?: { amount: number; currency: string };
	  };

export interface AuthorizationRequest {
	accountId: string;
	orderId: number;
	paymentIntentId: string;
	/** The merchant acting: named on the timeline when the payment was held for review. */
	user: { id: number; username: string };
	now: number;
	idempotency?: IdempotencyScope | undefined;
	/** Who asked, from where: when given, the audit log records the action in its transaction. */
	actor?: AuditActor | undefined;
}

export interface RefundRequest {
	accountId: string;
	chargeId: string;
	/** Minor units of the charge's currency; the whole refundable amount when absent. */
	amount?: number | undefined;
	reason: RefundReason | null;
	/** When given, must be the charge's order. */
	orderId?: number | undefined;
	now: number;
	idempotency?: IdempotencyScope | undefined;
	/** Who asked, from where: when given, the audit log records the action in its transaction. */
	actor?: AuditActor | undefined;
}

export type RefundFailure =
	| { code: "charge_missing"; message: string }
	| { code: "order_mismatch"; message: string }
	| (RefundRefusal & { code: "refused"; currency: string });

export type RefundResult =
	| { ok: true; refund: RefundsTable; replayed: boolean }
	| { ok: false; failure: RefundFailure };

export type PayoutErrorCode = "account_missing" | "instant_unavailable";

export class PayoutError extends Error {
	readonly code: PayoutErrorCode;
	constructor(code: PayoutErrorCode, message: string) {
		super(message);
		this.name = "PayoutError";
		this.code = code;
	}
}

export interface InstantPayoutRequest {
	accountId: string;
	userId: number;
	currency: string;
	now: number;
	idempotency?: IdempotencyScope | undefined;
	/** Who asked, from where: when given, the audit log records the action in its transaction. */
	actor?: AuditActor | undefined;
}

export type DisputeErrorCode =
	| "not_found"
	| "not_editable"
	| "files_too_large"
	| "evidence_too_long"
	| "product_type_required"
	| "unknown_file";

export class DisputeError extends Error {
	readonly code: DisputeErrorCode;
	/** The evidence field at fault, when there is one. */
	readonly field: string | undefined;
	/** The limit broken and the size refused, when a limit was. */
	readonly limit: { limit: number; length: number } | undefined;
	constructor(
		code: DisputeErrorCode,
		message: string,
		field?: string,
		limit?: { limit: number; length: number },
	) {
		super(message);
		this.name = "DisputeError";
		this.code = code;
		this.field = field;
		this.limit = limit;
	}
}

export interface DisputeActionRequest {
	accountId: string;
	disputeId: string;
	now: number;
	idempotency?: IdempotencyScope | undefined;
	/** Who asked, from where: when given, the audit log records the action in its transaction. */
	actor?: AuditActor | undefined;
}

export interface EvidenceRequest extends DisputeActionRequest {
	evidence: Readonly<Record<string, string>>;
	metadata: Readonly<Record<string, string>>;
	submit: boolean;
}

export interface DisputeDecision {
	disputeId: string;
	replayed: boolean;
}

/**
 * A process holds an account's timed work this long before another may take it over; the holder
 * renews it while it runs. Short, so the lease of a process killed mid-run (or of a request that
 * ended with it) is taken over within seconds. Correctness never rests on it: each step commits
 * only with a compare-and-set of the cursor, so two holders cannot both run one step.
 */
export const ACCOUNT_LEASE_SECONDS = 15;

export interface RunResult {
	steps: number;
	/** False when another process holds the account's lease. */
	ran: boolean;
	/** How far the account's timed work has run. */
	processedThrough: number;
}

/** The commands every processor answers. */
export interface Processor {
	takePayment(request: IntakeRequest): Promise<IntakeAnswer>;
	confirmPayment(request: ConfirmRequest): Promise<IntakeAnswer>;
	capture(request: AuthorizationRequest): Promise<AuthorizationResult>;
	cancel(request: AuthorizationRequest): Promise<AuthorizationResult>;
	refund(request: RefundRequest): Promise<RefundResult>;
	/** The payout made (or remembered for the request's key); PayoutError when refused. */
	instantPayout(request: InstantPayoutRequest): Promise<InstantPayoutResult>;
	/** Saves dispute evidence, or submits it (final) with `submit`; DisputeError when refused. */
	saveEvidence(request: EvidenceRequest): Promise<DisputeDecision>;
	acceptDispute(request: DisputeActionRequest): Promise<DisputeDecision>;
	/** The schedule the account's automatic payouts follow from now on. */
	setPayoutSchedule(accountId: string, schedule: DepositsSchedule): Promise<void>;
	/**
	 * Runs the account's timed work through `until` (account time), as `runner`; ran is false when
	 * another process holds the work.
	 */
	runDueWork(accountId: string, until: number, runner: string): Promise<RunResult>;
}

export interface InstantPayoutResult {
	payout: PayoutsTable;
	replayed: boolean;
}
