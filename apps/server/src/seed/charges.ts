/**
 * One payment of the store: its order, its charge and, once captured, its balance transaction
 * and timeline. Ordinary charges are mostly captured; a few fail, a few are refunded.
 */
import { isZeroDecimal } from "@paydesk/domain/money";
import { DAY, dayOf, HOUR } from "./calendar.ts";
import { CARD_METHODS, DECLINES, REFUND_REASONS } from "./catalog-payments.ts";
import { MARKETS, type Market } from "./catalog-people.ts";
import { draftOrder, type OrderDraft, orderRow } from "./orders.ts";
import { onlineMethodType, paymentMethod } from "./payment-methods.ts";
import { Weighted } from "./random.ts";
import type { ReaderFleet } from "./readers.ts";
import { emitRefund } from "./refunds.ts";
import { type ChargeContext, type ChargeState, chargeRow } from "./rows.ts";
import type { SeedRun } from "./run.ts";
import { authorizedData, capturedData, failureData } from "./timeline.ts";

export interface ChargeSetup {
	market?: Market;
	methodType?: string;
	channel?: "online" | "in_person" | "in_person_pos";
	readerId?: string | null;
	riskLevel?: number | null;
	cvc?: string;
}

const risk = new Weighted([
	[0, 91],
	[1, 7],
	[2, 2],
] as const);
const declines = new Weighted(DECLINES);
const refundReasons = new Weighted(REFUND_REASONS);
const US_MARKET = MARKETS.find((m) => m.key === "us") as Market;

/** A settlement rate that drifts slowly over the year, rounded like the processor's. */
function rateOn(market: Market, day: number): number | null {
	if (market.customerCurrency === market.currency) return null;
	const drift = 1 + 0.03 * Math.sin(day / 23) + 0.01 * Math.sin(day / 5);
	return Number((market.rate * drift).toPrecision(6));
}

function toSettlement(customerAmount: number, customerCurrency: string, rate: number): number {
	const major = isZeroDecimal(customerCurrency) ? customerAmount : customerAmount / 100;
	return Math.round(major * rate * 100);
}

export interface OpenCharge {
	charge: ChargeContext;
	draft: OrderDraft;
	subscriptions: string;
}

/** Chooses who pays, with what and how much; writes nothing yet. */
export function openCharge(run: SeedRun, at: number, setup: ChargeSetup = {}): OpenCharge {
	const random = run.random;
	const market = setup.market ?? run.customers.market(random);
	const customer = run.customers.customer(random, market);
	const methodType = setup.methodType ?? onlineMethodType(random, market.currency);
	const method = paymentMethod(
		random,
		methodType,
		customer,
		market.currency,
		setup.cvc ? { cvc: setup.cvc } : {},
	);
	const draft = draftOrder(random, market.customerCurrency, customer.country);
	const exchangeRate = rateOn(market, dayOf(at));
	const amount =
		exchangeRate === null ? draft.total : toSettlement(draft.total, market.customerCurrency, exchangeRate);
	const percentage = method.feePercentage + (exchangeRate === null ? 0 : 0.01);
	const isCard = CARD_METHODS.has(methodType);
	const channel = setup.channel ?? "online";
	const orderId = run.nextOrderId();
	const charge: ChargeContext = {
		chargeId: random.id(isCard ? "ch" : "py", at),
		intentId: random.id("pi", at),
		orderId,
		currency: market.currency,
		customerCurrency: market.customerCurrency,
		exchangeRate,
		amount,
		customerAmount: draft.total,
		fee: Math.round(amount * percentage) + method.feeFixed,
		created: at,
		channel,
		method,
		sourceDevice: channel === "online" ? null : random.chance(0.55) ? "ios" : "android",
		readerId: setup.readerId ?? null,
		customer,
		riskLevel:
			setup.riskLevel !== undefined
				? setup.riskLevel
				: isCard && channel === "online"
					? risk.pick(random)
					: null,
		events: 0,
		transactionId: null,
		authorizedAt: null,
		capturedAt: null,
		written: false,
	};
	const subscriptions = random.chance(0.05) ? `[{"number":"${40000 + random.int(1, 400) * 7}"}]` : "[]";
	return { charge, draft, subscriptions };
}

/** Charge state of a captured, paid payment. */
export function capturedState(balanceTransactionId: string | null): ChargeState {
	return {
		status: "succeeded",
		intentStatus: "succeeded",
		paid: true,
		captured: true,
		amountRefunded: 0,
		refunded: false,
		disputed: false,
		outcomeType: "authorized",
		outcomeReason: null,
		failureCode: null,
		failureMessage: null,
		balanceTransactionId,
		fraudOutcome: null,
		fraudMetaBoxType: null,
	};
}

/** Writes the order and the charge rows. */
export function writeCharge(run: SeedRun, open: OpenCharge, state: ChargeState, orderStatus: string): void {
	const { charge } = open;
	run.sink.push(
		"orders",
		orderRow({
			accountId: run.accountId,
			id: charge.orderId ?? 0,
			status: orderStatus,
			currency: charge.customerCurrency,
			draft: open.draft,
			created: charge.created,
			customer: charge.customer,
			subscriptions: open.subscriptions,
			paymentIntentId: charge.intentId,
			chargeId: charge.chargeId,
		}),
	);
	run.sink.push("charges", chargeRow(run.accountId, charge, state));
	charge.written = true;
}

/** The capture's balance transaction and timeline event; returns the transaction id. */
export function capture(run: SeedRun, charge: ChargeContext, at: number, transactionId?: string): string {
	const id = transactionId ?? run.random.id("txn", at);
	run.transaction(charge, {
		id,
		type: charge.method.btType,
		sourceId: charge.chargeId,
		currency: charge.currency,
		amount: charge.amount,
		fee: charge.fee,
		created: at,
		customerAmount: charge.customerAmount,
	});
	charge.transactionId = id;
	run.timeline(charge, "captured", at, capturedData(charge, id));
	return id;
}

function orderStatusAt(run: SeedRun, at: number): string {
	return at < run.now - 3 * DAY ? "completed" : "processing";
}

/** An ordinary payment: online by weight, in person when a reader is around. */
export function regularCharge(run: SeedRun, at: number, readers: ReaderFleet): void {
	const random = run.random;
	let setup: ChargeSetup = {};
	if (random.chance(0.045)) {
		const readerId = readers.use(at, random);
		if (readerId) {
			const channel = random.chance(0.7) ? "in_person" : "in_person_pos";
			setup = { market: US_MARKET, methodType: "card_present", channel, readerId, riskLevel: null };
		}
	}
	const open = openCharge(run, at, setup);
	const { charge } = open;
	const online = charge.channel === "online";
	const declineChance = charge.method.type === "card" ? 0.035 : online ? 0.004 : 0.01;
	if (random.chance(declineChance)) {
		const [outcomeType, code, message] = declines.pick(random);
		// The decline matches what the checks saw: a failed CVC, a risky payment blocked.
		if (code === "incorrect_cvc")
			charge.method.details = charge.method.details.replace(/"cvc_check":"\w+"/, '"cvc_check":"fail"');
		if (outcomeType === "blocked") charge.riskLevel = 2;
		writeCharge(run, open, declinedState(outcomeType, code, message), "failed");
		run.timeline(charge, "failed", at, failureData(charge, code));
		return;
	}
	run.timeline(charge, "authorized", at, authorizedData(charge));
	// Some merchants capture later (auth and capture); the transaction is created on capture.
	const captureAt = online && random.chance(0.06) ? at + random.int(10 * 60, 2 * DAY) : at;
	const delayed = captureAt !== at && captureAt <= run.now;
	const transactionId = delayed ? random.id("txn", captureAt) : capture(run, charge, at);
	if (delayed) {
		charge.capturedAt = captureAt;
		run.later(captureAt, () => capture(run, charge, captureAt, transactionId));
	}
	const state = capturedState(transactionId);
	let orderStatus = orderStatusAt(run, at);
	const roll = random.next();
	if (roll < 0.04) {
		const refundAt = captureAt + HOUR + Math.floor(random.next() ** 2 * 20 * DAY);
		if (refundAt <= run.now) {
			const full = roll < 0.024;
			const amount = full ? charge.amount : Math.max(1, Math.round(charge.amount * random.between(0.1, 0.6)));
			state.amountRefunded = amount;
			state.refunded = full;
			if (full) orderStatus = "refunded";
			const reason = refundReasons.pick(random);
			run.later(refundAt, () => emitRefund(run, charge, { at: refundAt, amount, refundedBefore: 0, reason }));
		}
	}
	writeCharge(run, open, state, orderStatus);
}

export function declinedState(outcomeType: string, code: string, message: string): ChargeState {
	return {
		status: "failed",
		intentStatus: "requires_payment_method",
		paid: false,
		captured: false,
		amountRefunded: 0,
		refunded: false,
		disputed: false,
		outcomeType,
		outcomeReason:
			outcomeType === "blocked"
				? "highest_risk_level"
				: outcomeType === "invalid"
					? "invalid_request"
					: "generic_decline",
		failureCode: code,
		failureMessage: message,
		balanceTransactionId: null,
		fraudOutcome: null,
		fraudMetaBoxType: null,
	};
}
