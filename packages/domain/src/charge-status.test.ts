import { describe, expect, it } from "vitest";
import {
	type ChargeStatusInput,
	chargeStatusDisplay,
	deriveChargeStatus,
	isChargeId,
	isDisputeInquiry,
	isFraudProtectionLinkClick,
	paymentDetailsIdKind,
} from "./charge-status.ts";
import { englishTranslator as t } from "./translator.ts";

const paid: ChargeStatusInput = {
	status: "succeeded",
	paid: true,
	captured: true,
	refunded: false,
	amount_refunded: 0,
	disputed: false,
	outcome: { type: "authorized" },
	refunds: { data: [] },
	dispute: null,
	fraud_meta_box_type: null,
};

describe("derived charge status: ten rules, first match wins", () => {
	it("1. an intent requiring capture with review type is fraud_outcome_review", () => {
		const charge = { ...paid, captured: false, fraud_meta_box_type: "review" };
		expect(deriveChargeStatus(charge, "requires_capture")).toBe("fraud_outcome_review");
		expect(deriveChargeStatus(charge, "succeeded")).toBe("authorized");
	});
	it("2. fraud meta type block or review_blocked is fraud_outcome_block", () => {
		expect(deriveChargeStatus({ ...paid, fraud_meta_box_type: "block", status: "failed" })).toBe(
			"fraud_outcome_block",
		);
		expect(deriveChargeStatus({ ...paid, fraud_meta_box_type: "review_blocked", refunded: true })).toBe(
			"fraud_outcome_block",
		);
	});
	it("3. failed with outcome issuer_declined or invalid is failed", () => {
		expect(deriveChargeStatus({ ...paid, status: "failed", outcome: { type: "issuer_declined" } })).toBe(
			"failed",
		);
		expect(deriveChargeStatus({ ...paid, status: "failed", outcome: { type: "invalid" } })).toBe("failed");
	});
	it("4. failed with outcome blocked is blocked", () => {
		expect(deriveChargeStatus({ ...paid, status: "failed", outcome: { type: "blocked" } })).toBe("blocked");
	});
	it("5. disputed is disputed_{dispute status}, before any refund rule", () => {
		const charge = { ...paid, disputed: true, dispute: { status: "needs_response" }, amount_refunded: 100 };
		expect(deriveChargeStatus(charge)).toBe("disputed_needs_response");
		expect(deriveChargeStatus({ ...charge, dispute: { status: "warning_closed" } })).toBe(
			"disputed_warning_closed",
		);
	});
	it("6. a partial refund is partially_refunded", () => {
		expect(deriveChargeStatus({ ...paid, amount_refunded: 500, refunds: { data: [{}] } })).toBe(
			"partially_refunded",
		);
	});
	it("7. a full refund is fully_refunded", () => {
		expect(deriveChargeStatus({ ...paid, amount_refunded: 1000, refunded: true })).toBe("fully_refunded");
	});
	it("8. refunds that exist while the charge is not refunded are refund_failed", () => {
		expect(deriveChargeStatus({ ...paid, refunds: { data: [{ status: "failed" }] } })).toBe("refund_failed");
	});
	it("9. succeeded and paid is paid when captured, else authorized", () => {
		expect(deriveChargeStatus(paid)).toBe("paid");
		expect(deriveChargeStatus({ ...paid, captured: false }, "requires_capture")).toBe("authorized");
	});
	it("10. otherwise the raw status", () => {
		expect(deriveChargeStatus({ ...paid, status: "pending", paid: false })).toBe("pending");
		expect(deriveChargeStatus({ ...paid, status: "failed", outcome: { type: "manual_review" } })).toBe(
			"failed",
		);
	});
	it("labels each status, falling back to the humanized code", () => {
		expect(chargeStatusDisplay("paid", t)).toEqual({ label: "Paid", chip: "success" });
		expect(chargeStatusDisplay("fully_refunded", t).label).toBe("Refunded");
		expect(chargeStatusDisplay("disputed_needs_response", t).chip).toBe("warning");
		expect(chargeStatusDisplay("requires_action", t).label).toBe("Requires action");
	});
});

describe("warning statuses are inquiries", () => {
	it("tells inquiries from disputes", () => {
		expect(isDisputeInquiry("warning_needs_response")).toBe(true);
		expect(isDisputeInquiry("needs_response")).toBe(false);
		expect(isDisputeInquiry("charge_refunded")).toBe(false);
	});
});

describe("charge ids are recognised by the prefix ch_ or py_; all digits is an order id", () => {
	it("reads the payment details id", () => {
		expect(paymentDetailsIdKind("123")).toBe("order");
		expect(paymentDetailsIdKind("ch_3Nq8abc")).toBe("charge");
		expect(paymentDetailsIdKind("py_3Nq8abc")).toBe("charge");
		expect(paymentDetailsIdKind("pi_3Nq8abc")).toBe("payment_intent");
		expect(paymentDetailsIdKind("12a")).toBe("payment_intent");
		expect(isChargeId("ch_1")).toBe(true);
		expect(isChargeId("pi_1")).toBe(false);
	});
});

describe("the fraud-protection link-click handling applies only when the query carries status_is and type_is", () => {
	it("is a fraud-protection link click with both parameters", () => {
		expect(isFraudProtectionLinkClick({ id: "pi_1", status_is: "block", type_is: "review" })).toBe(true);
		expect(isFraudProtectionLinkClick({ status_is: ["block"], type_is: ["review"] })).toBe(true);
	});

	it("is not one with either parameter alone, or with an empty one", () => {
		expect(isFraudProtectionLinkClick({ id: "pi_1" })).toBe(false);
		expect(isFraudProtectionLinkClick({ id: "pi_1", status_is: "block" })).toBe(false);
		expect(isFraudProtectionLinkClick({ id: "pi_1", type_is: "review" })).toBe(false);
		expect(isFraudProtectionLinkClick({ status_is: "block", type_is: "" })).toBe(false);
		expect(isFraudProtectionLinkClick({ status_is: [], type_is: "review" })).toBe(false);
	});
});
