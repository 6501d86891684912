/**
 * The store's order screen Paydesk stands in for, so an order link from a payment opens somewhere
 * real: items, totals, customer, payment and refunds, and a partial refund of an amount up to
 * what is refundable, with an optional reason, through the refund route.
 */
import { createRefund } from "@paydesk/contract/charges";
import { getOrder } from "@paydesk/contract/orders";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { orderFixture } from "../../testing/payments.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import OrderScreen from "./order-screen.tsx";

const REFUND: ResponseInputOf<typeof createRefund> = {
	id: "re_1",
	amount: 1_250,
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
beforeEach(() => {
	clearNotices();
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	requests = stubApi(
		on(createRefund).reply(() => REFUND),
		on(getOrder).reply(({ params }) =>
			params.order === "1042" ? orderFixture() : restError(404, "wcpay_missing_order", "No"),
		),
	);
});

function open(post: string) {
	window.history.replaceState(null, "", `/wp-admin/post.php?post=${post}&action=edit`);
	return renderWithQueryClient(
		<>
			<OrderScreen />
			<NoticeProbe />
		</>,
	);
}

const posts = () => requests.filter((request) => request.method === "POST");

describe("the order screen", () => {
	it("shows the order's items, totals, customer and a link to its payment details", async () => {
		open("1042");
		await screen.findByRole("heading", { name: "Order #1042 details" });
		const items = screen.getByRole("table", { name: "Items" });
		expect(
			within(items)
				.getAllByRole("row")
				.map((row) => row.textContent),
		).toEqual(["ItemQtyTotal", "Linen Apron× 2$30.00", "Cast Iron Skillet× 1$15.00"]);
		expect(document.body.textContent).toContain("Order total:$50.00");
		expect(document.body.textContent).toContain("1 Main Street, 80201 Denver, US");
		expect(screen.getByRole("link", { name: "View payment details" }).getAttribute("href")).toContain(
			"id=pi_test1",
		);
	});

	it("says 'Unable to view order. Order not found.' for an unknown order", async () => {
		open("77");
		expect((await screen.findAllByText("Unable to view order. Order not found.")).length).toBeGreaterThan(0);
	});

	it("refunds part of the payment in minor units, without a reason when none is chosen", async () => {
		const user = userEvent.setup();
		open("1042");
		await user.type(await screen.findByLabelText("Refund amount (USD)"), "12.5");
		await user.click(screen.getByRole("button", { name: "Refund $12.50" }));
		await screen.findByText("Refunded payment #1042.");
		expect(posts()).toHaveLength(1);
		expect(posts()[0]?.body).toEqual({ charge_id: "ch_test1", amount: 1_250, order_id: 1042 });
		expect(posts()[0]?.headers.get("Idempotency-Key")).toMatch(/^refund-/);
	});

	it("sends the reason when one is chosen", async () => {
		const user = userEvent.setup();
		open("1042");
		await user.type(await screen.findByLabelText("Refund amount (USD)"), "5");
		await user.selectOptions(screen.getByLabelText("Reason for refund (optional)"), "fraudulent");
		await user.click(screen.getByRole("button", { name: "Refund $5.00" }));
		await waitFor(() => expect(posts()).toHaveLength(1));
		expect(posts()[0]?.body).toMatchObject({ amount: 500, reason: "fraudulent" });
	});

	it("refuses more than the refundable amount, and nothing, before asking the server", async () => {
		const user = userEvent.setup();
		open("1042");
		const amount = await screen.findByLabelText("Refund amount (USD)");
		await user.type(amount, "50.01");
		await user.click(screen.getByRole("button", { name: "Refund" }));
		await screen.findByText("The refund cannot be more than the $50.00 that can still be refunded.");
		await user.clear(amount);
		await user.type(amount, "0");
		await user.click(screen.getByRole("button", { name: "Refund" }));
		await screen.findByText("Enter an amount above zero.");
		expect(posts()).toHaveLength(0);
	});

	it("a double click refunds once", async () => {
		const user = userEvent.setup();
		open("1042");
		await user.type(await screen.findByLabelText("Refund amount (USD)"), "1");
		await user.dblClick(screen.getByRole("button", { name: "Refund $1.00" }));
		await screen.findByText("Refunded payment #1042.");
		expect(posts()).toHaveLength(1);
	});
});
