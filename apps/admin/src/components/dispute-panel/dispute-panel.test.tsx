import { closeDispute, type Dispute } from "@paydesk/contract/disputes";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { disputeFixture } from "../../testing/disputes.ts";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { DisputePanel } from "./dispute-panel.tsx";
import { DueBy } from "./due-by.tsx";

const NOW = 1_800_000_000;
const HOUR = 3600;

const dispute = (overrides: Partial<Dispute> = {}): Dispute =>
	disputeFixture(NOW, {
		id: "du_panel",
		balance_transactions: [
			{ id: "txn_d", amount: -5_000, fee: 1_500, reporting_category: "dispute", currency: "usd" },
		],
		...overrides,
	});

function renderPanel(value: Dispute) {
	return renderWithQueryClient(
		<>
			<DisputePanel dispute={value} />
			<NoticeProbe />
		</>,
	);
}

let requests: RecordedRequest[];
beforeEach(() => {
	clearNotices();
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	requests = stubApi(
		on(closeDispute).reply(({ params }) =>
			dispute({
				id: params.id,
				status: "lost",
				metadata: { __closed_by_merchant: "1", __dispute_closed_at: String(NOW) },
			}),
		),
	);
});

describe("due-date urgency (spec 3 §4.1)", () => {
	const urgency = (dueBy: number) => {
		const { container } = render(<DueBy dueBy={dueBy} now={NOW} />);
		const element = container.querySelector(".paydesk-due-by");
		return { className: element?.className ?? "", text: element?.textContent ?? "" };
	};

	it("within 24 hours is urgent and says 'Last day today'", () => {
		expect(urgency(NOW + 5 * HOUR)).toMatchObject({ className: "paydesk-due-by is-urgent" });
		expect(urgency(NOW + 24 * HOUR).text).toContain("Last day today");
	});

	it("within 2 days is urgent, within 72 hours due soon", () => {
		expect(urgency(NOW + 40 * HOUR)).toMatchObject({ className: "paydesk-due-by is-urgent" });
		expect(urgency(NOW + 40 * HOUR).text).toContain("2 days left");
		expect(urgency(NOW + 64 * HOUR)).toMatchObject({ className: "paydesk-due-by is-due-soon" });
		expect(urgency(NOW + 64 * HOUR).text).toContain("3 days left");
	});

	it("later, or past due, shows the date only", () => {
		expect(urgency(NOW + 80 * HOUR)).toEqual({ className: "paydesk-due-by", text: "2027-01-18 / 16:00" });
		expect(urgency(NOW - HOUR).className).toBe("paydesk-due-by");
		expect(urgency(NOW - HOUR).text).not.toMatch(/left|Last day/);
	});
});

describe("the dispute panel (spec 3 §4.1)", () => {
	it("a dispute needing a response offers Challenge and Accept", () => {
		renderPanel(dispute());
		const challenge = screen.getByRole("link", { name: "Challenge dispute" });
		expect(challenge.getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/disputes/challenge&id=du_panel",
		);
		expect(screen.getByText("The customer says they did not receive what they paid for.")).toBeTruthy();
		expect(screen.getByRole("button", { name: "Accept dispute" })).toBeTruthy();
	});

	it("accepting asks first, says the amount and fee are not returned, then confirms with the order number", async () => {
		renderPanel(dispute());
		await userEvent.click(screen.getByRole("button", { name: "Accept dispute" }));
		const modal = await screen.findByRole("dialog", { name: "Accept the dispute?" });
		expect(modal.textContent).toContain(
			"The disputed amount of $50.00 and the dispute fee of $15.00 will not be returned",
		);
		await userEvent.click(within(modal).getByRole("button", { name: "Accept dispute" }));
		await waitFor(() =>
			expect(screen.getByText("You have accepted the dispute for order #1001.")).toBeTruthy(),
		);
		expect(requests.map((request) => `${request.method} ${request.url}`)).toContain(
			"POST /wp-json/wc/v3/payments/disputes/du_panel/close",
		);
	});

	it("an inquiry's second action is 'Issue refund'; without an order it says the order was not found", async () => {
		renderPanel(dispute({ status: "warning_needs_response", order: null, balance_transactions: [] }));
		expect(screen.getByRole("link", { name: "Submit evidence" })).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Accept dispute" })).toBeNull();
		await userEvent.click(screen.getByRole("button", { name: "Issue refund" }));
		expect(screen.getByText("Unable to view order. Order not found.")).toBeTruthy();
	});

	it("footers give the bank's review time: 60 days for a dispute, 120 for an inquiry", () => {
		const submitted = { __evidence_submitted_at: String(NOW), __product_type: "physical_product" };
		const { unmount } = renderPanel(dispute({ status: "under_review", metadata: submitted }));
		expect(screen.getByText(/which can take 60 days or more/)).toBeTruthy();
		expect(screen.getByRole("link", { name: "View submitted evidence" })).toBeTruthy();
		unmount();
		renderPanel(dispute({ status: "warning_under_review", metadata: submitted }));
		expect(screen.getByText(/which can take 120 days or more/)).toBeTruthy();
	});

	it("a dispute the merchant accepted says so, and that the amount and fee were not returned", () => {
		renderPanel(
			dispute({ status: "lost", metadata: { __closed_by_merchant: "1", __dispute_closed_at: String(NOW) } }),
		);
		expect(
			screen.getByText(
				"You accepted this dispute on 2027-01-15. The disputed amount and the dispute fee were not returned.",
			),
		).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Accept dispute" })).toBeNull();
	});
});
