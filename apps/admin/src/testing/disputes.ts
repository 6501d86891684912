import type { Dispute } from "@paydesk/contract/disputes";

const DAY = 86_400;

/**
 * A dispute of a $50.00 card payment, opened ten days before `now` and due five days after it,
 * awaiting the merchant's response with no evidence yet.
 */
export function disputeFixture(now: number, overrides: Partial<Dispute> = {}): Dispute {
	return {
		id: "du_test",
		status: "needs_response",
		reason: "product_not_received",
		amount: 5_000,
		currency: "usd",
		created: now - 10 * DAY,
		charge: {
			id: "ch_1",
			payment_intent: "pi_1",
			balance_transaction: "txn_1",
			amount: 5_000,
			currency: "usd",
			created: now - 12 * DAY,
			billing_details: { name: "Jane Doe", email: "jane@example.com" },
		},
		order: { id: 1001, number: "1001", url: "/wp-admin/post.php?post=1001&action=edit" },
		evidence: {},
		metadata: {},
		evidence_details: { due_by: now + 5 * DAY, has_evidence: false },
		issuer_evidence: null,
		balance_transactions: [],
		evidence_files: {},
		...overrides,
	};
}
