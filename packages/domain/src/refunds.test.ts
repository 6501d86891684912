import { describe, expect, it } from "vitest";
import {
	canRefundInFull,
	disputeAllowsRefund,
	orderEditUrl,
	orderNotFoundNotice,
	type RefundableCharge,
	refundableAmount,
	refundReasonLabel,
	refundReasonOptions,
	refundRefusal,
} from "./refunds.ts";
import { englishTranslator as t } from "./translator.ts";

const captured: RefundableCharge = {
	status: "succeeded",
	captured: true,
	refunded: false,
	amount_captured: 5000,
	amount_refunded: 0,
	dispute: null,
};

describe("Refund in full: captured, not refunded, and no dispute or the dispute is won or an inquiry", () => {
	it("is offered for a captured payment without a dispute", () => {
		expect(canRefundInFull(captured)).toBe(true);
	});
	it("is not offered for an uncaptured authorization or a refunded payment", () => {
		expect(canRefundInFull({ ...captured, captured: false })).toBe(false);
		expect(canRefundInFull({ ...captured, refunded: true, amount_refunded: 5000 })).toBe(false);
	});
	it("is offered when the dispute was won or is an inquiry, not while it is open or lost", () => {
		expect(canRefundInFull({ ...captured, dispute: { status: "won" } })).toBe(true);
		expect(canRefundInFull({ ...captured, dispute: { status: "warning_needs_response" } })).toBe(true);
		expect(canRefundInFull({ ...captured, dispute: { status: "needs_response" } })).toBe(false);
		expect(canRefundInFull({ ...captured, dispute: { status: "under_review" } })).toBe(false);
		expect(canRefundInFull({ ...captured, dispute: { status: "lost" } })).toBe(false);
		expect(disputeAllowsRefund(null)).toBe(true);
	});
	it("is hidden once any amount has been refunded", () => {
		expect(canRefundInFull({ ...captured, amount_refunded: 1 })).toBe(false);
	});
});

describe("the refundable amount", () => {
	it("is what was captured less what was refunded", () => {
		expect(refundableAmount(captured)).toBe(5000);
		expect(refundableAmount({ ...captured, amount_refunded: 1200 })).toBe(3800);
	});
	it("is 0 for an authorization, a failed payment or an open dispute", () => {
		expect(refundableAmount({ ...captured, captured: false })).toBe(0);
		expect(refundableAmount({ ...captured, status: "failed" })).toBe(0);
		expect(refundableAmount({ ...captured, dispute: { status: "needs_response" } })).toBe(0);
	});
});

describe("a refund above the refundable amount is refused with a clear reason", () => {
	it("accepts an amount up to the refundable amount", () => {
		expect(refundRefusal(captured, 5000, "usd")).toBeNull();
		expect(refundRefusal({ ...captured, amount_refunded: 1000 }, 4000, "usd")).toBeNull();
	});
	it("names the refundable amount when the amount is too large", () => {
		const refusal = refundRefusal({ ...captured, amount_refunded: 1000 }, 4001, "usd");
		expect(refusal).toMatchObject({ reason: "amount_too_large", refundable: 4000 });
		expect(refusal?.message).toContain("$40.00");
	});
	it("refuses a zero amount, an authorization, a disputed and a fully refunded payment", () => {
		expect(refundRefusal(captured, 0, "usd")?.reason).toBe("invalid_amount");
		expect(refundRefusal({ ...captured, captured: false }, 100, "usd")?.reason).toBe("not_captured");
		expect(refundRefusal({ ...captured, dispute: { status: "lost" } }, 100, "usd")?.reason).toBe("disputed");
		expect(refundRefusal({ ...captured, refunded: true, amount_refunded: 5000 }, 100, "usd")?.reason).toBe(
			"already_refunded",
		);
	});
});

describe("refund reasons: duplicate, fraudulent, requested_by_customer, or none", () => {
	it("offers no reason first, then the three reasons", () => {
		expect(refundReasonOptions(t).map((o) => o.value)).toEqual([
			"",
			"duplicate",
			"fraudulent",
			"requested_by_customer",
		]);
		expect(refundReasonLabel("requested_by_customer", t)).toBe("Requested by customer");
		expect(refundReasonLabel(null, t)).toBeNull();
	});
});

describe("refund notices", () => {
	it("uses the spec's words", () => {
		expect(orderNotFoundNotice(t)).toBe("Unable to view order. Order not found.");
		expect(orderEditUrl(42)).toBe("/wp-admin/post.php?post=42&action=edit");
	});
});
