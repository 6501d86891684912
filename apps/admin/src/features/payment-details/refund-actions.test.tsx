/**
 * Spec 2 "Summary card actions": Refund in full is offered while the charge is captured, not
 * refunded and not disputed (or the dispute is won or an inquiry), and hidden once any amount
 * was refunded; the reason none sends no reason; a partial refund opens the order.
 */
import { createRefund } from "@paydesk/contract/charges";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { chargeFixture } from "../../testing/payments.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { RefundActions } from "./refund-actions.tsx";

const REFUND: ResponseInputOf<typeof createRefund> = {
	id: "re_1",
	amount: 5_000,
	currency: "usd",
	reason: null,
	status: "succeeded",
	failure_reason: null,
	created: 1,
	charge: "ch_test1",
	payment_intent: "pi_test1",
	order_id: 1042,
	balance_transaction: "txn_re",
};

let requests: RecordedRequest[];
let refundStatus: number;
beforeEach(() => {
	clearNotices();
	testSettings();
	refundStatus = 200;
	requests = stubApi(
		on(createRefund).reply(() =>
			refundStatus === 200 ? REFUND : restError(refundStatus, "wcpay_refund_not_allowed", "No"),
		),
	);
});

const renderActions = (charge = chargeFixture()) =>
	renderWithQueryClient(
		<>
			<RefundActions charge={charge} />
			<NoticeProbe />
		</>,
	);

const refundPosts = () => requests.filter((request) => request.method === "POST");

describe("refund in full", () => {
	it("sends no reason when none is chosen, with an Idempotency-Key, and says 'Refunded payment #{id}.'", async () => {
		const user = userEvent.setup();
		renderActions();
		await user.click(screen.getByRole("button", { name: "Refund in full" }));
		const dialog = await screen.findByRole("dialog", { name: "Refund transaction" });
		expect(dialog.textContent).toContain("This will issue a full refund of $50.00 to the customer.");
		await user.click(await screen.findByRole("button", { name: "Refund transaction" }));
		await screen.findByText("Refunded payment #1042.");
		const [post] = refundPosts();
		expect(post?.url).toBe("/wp-json/wc/v3/payments/refund");
		expect(post?.body).toEqual({ charge_id: "ch_test1", amount: 5_000, order_id: 1042 });
		expect(post?.body).not.toHaveProperty("reason");
		expect(post?.headers.get("Idempotency-Key")).toMatch(/^refund-/);
	});

	it("sends the chosen reason", async () => {
		const user = userEvent.setup();
		renderActions();
		await user.click(screen.getByRole("button", { name: "Refund in full" }));
		await user.selectOptions(screen.getByLabelText("Reason for refund (optional)"), "requested_by_customer");
		await user.click(await screen.findByRole("button", { name: "Refund transaction" }));
		await waitFor(() => expect(refundPosts()).toHaveLength(1));
		expect(refundPosts()[0]?.body).toMatchObject({ reason: "requested_by_customer" });
	});

	it("offers the reasons duplicate, fraudulent, requested by customer, or none", async () => {
		const user = userEvent.setup();
		renderActions();
		await user.click(screen.getByRole("button", { name: "Refund in full" }));
		const options = [...(screen.getByLabelText("Reason for refund (optional)") as HTMLSelectElement).options];
		expect(options.map((option) => option.value)).toEqual([
			"",
			"duplicate",
			"fraudulent",
			"requested_by_customer",
		]);
	});

	it("refunds once however often the modal's button is pressed", async () => {
		const user = userEvent.setup();
		renderActions();
		await user.click(screen.getByRole("button", { name: "Refund in full" }));
		const confirm = await screen.findByRole("button", { name: "Refund transaction" });
		await user.dblClick(confirm);
		await screen.findByText("Refunded payment #1042.");
		expect(refundPosts()).toHaveLength(1);
	});

	it("says 'There has been an error refunding the payment #{id}. Please try again later.' on failure", async () => {
		refundStatus = 400;
		const user = userEvent.setup();
		renderActions();
		await user.click(screen.getByRole("button", { name: "Refund in full" }));
		await user.click(await screen.findByRole("button", { name: "Refund transaction" }));
		await screen.findByText("There has been an error refunding the payment #1042. Please try again later.");
	});

	it("is hidden once any amount has been refunded, while a partial refund stays possible", () => {
		renderActions(chargeFixture({ amount_refunded: 1_000, refundable_amount: 4_000 }));
		expect(screen.queryByRole("button", { name: "Refund in full" })).toBeNull();
		expect(screen.getByRole("button", { name: "Partial refund" })).toBeTruthy();
	});

	it("is not offered for an uncaptured, disputed or fully refunded payment", () => {
		const cases = [
			chargeFixture({ captured: false, refundable_amount: 0 }),
			chargeFixture({ refunded: true, amount_refunded: 5_000, refundable_amount: 0 }),
			chargeFixture({
				disputed: true,
				refundable_amount: 0,
				dispute: {
					id: "du_1",
					status: "needs_response",
					reason: "fraudulent",
					amount: 5_000,
					currency: "usd",
					created: 1,
					due_by: 2,
					evidence_details: { due_by: 2, has_evidence: false },
				},
			}),
		];
		for (const charge of cases) {
			const { unmount } = renderActions(charge);
			expect(screen.queryByRole("button", { name: "Refund in full" })).toBeNull();
			unmount();
		}
	});

	it("is offered when the dispute was won or is an inquiry", () => {
		for (const status of ["won", "warning_needs_response"] as const) {
			const { unmount } = renderActions(
				chargeFixture({
					disputed: true,
					dispute: {
						id: "du_1",
						status,
						reason: "fraudulent",
						amount: 5_000,
						currency: "usd",
						created: 1,
						due_by: 2,
						evidence_details: { due_by: 2, has_evidence: false },
					},
				}),
			);
			expect(screen.getByRole("button", { name: "Refund in full" })).toBeTruthy();
			unmount();
		}
	});
});

describe("partial refund", () => {
	it("opens the order", async () => {
		renderActions();
		await userEvent.setup().click(screen.getByRole("button", { name: "Partial refund" }));
		expect(window.location.pathname + window.location.search).toBe(
			"/wp-admin/post.php?post=1042&action=edit",
		);
	});

	it("says 'Unable to view order. Order not found.' without an order", async () => {
		renderActions(chargeFixture({ order: null }));
		await userEvent.setup().click(screen.getByRole("button", { name: "Partial refund" }));
		await screen.findByText("Unable to view order. Order not found.");
	});
});
