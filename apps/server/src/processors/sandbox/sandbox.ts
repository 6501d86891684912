/**
 * The sandbox processor: the partner Paydesk plays itself, as Stripe's test mode does. It takes
 * payments with test cards, judges them with the merchant's fraud rules, and runs the account's
 * timed work (settlement, payouts, expiries, disputes, loan repayments) on the account's clock.
 * Each command is one database transaction that writes the ledger (ledger/) and the account's
 * events with the change.
 */

import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connection.ts";
import type { Processor } from "../processor.ts";
import { cancelAuthorization, captureAuthorization } from "./captures.ts";
import { acceptDispute, saveDisputeEvidence } from "./disputes.ts";
import { confirmPayment, takePayment } from "./intake.ts";
import { AUTHENTICATION_PATH } from "./partner/authentication-page.ts";
import { setPayoutSchedule } from "./payout-schedule.ts";
import { createInstantPayout } from "./payouts.ts";
import { refundCharge } from "./refunds.ts";
import { runDueWork } from "./scheduler.ts";

export interface SandboxDeps {
	db: Db;
	clock: Clock;
	/** The origin of this server, where the 3-D Secure page is served. */
	publicUrl: string;
}

export function sandboxProcessor({ db, clock, publicUrl }: SandboxDeps): Processor {
	const authenticationUrl = (accountId: string) => (_intentId: string, secret: string) =>
		`${publicUrl}${AUTHENTICATION_PATH}?account=${encodeURIComponent(accountId)}&client_secret=${encodeURIComponent(secret)}`;
	return {
		takePayment: (request) => takePayment(db, request, authenticationUrl(request.accountId)),
		confirmPayment: (request) => confirmPayment(db, request),
		capture: (request) => captureAuthorization(db, request),
		cancel: (request) => cancelAuthorization(db, request),
		refund: (request) => refundCharge(db, request),
		instantPayout: (request) => createInstantPayout(db, request),
		saveEvidence: (request) => saveDisputeEvidence(db, request),
		acceptDispute: (request) => acceptDispute(db, request),
		setPayoutSchedule: (accountId, schedule) => setPayoutSchedule(db, accountId, schedule),
		runDueWork: (accountId, until, runner) => runDueWork(db, accountId, until, runner, clock),
	};
}
