/**
 * A payment's Activity card: administrators see who did what to the payment ("Refunded $20.00 by
 * alex, reason: Requested by customer"), read by the payment's id; anyone else sees no card and
 * the audit log is not asked.
 */
import { type AuditEntry, listAuditLog } from "@paydesk/contract/audit-log";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { PaymentActivity } from "./payment-activity.tsx";

const REFUND: AuditEntry = {
	id: 4,
	created: 1_795_255_200,
	action: "refund.created",
	actor: { user_id: 1, login: "alex", api_key: null, ip: "192.0.2.7", user_agent: null },
	object_type: "charge",
	object_id: "ch_1",
	details: { amount: 2000, currency: "usd", reason: "requested_by_customer" },
};

let entries: AuditEntry[];
let requests: RecordedRequest[];
beforeEach(() => {
	entries = [REFUND];
	requests = stubApi(on(listAuditLog).reply(() => ({ data: entries, total_count: entries.length })));
});

describe("the payment's Activity card", () => {
	it("lists the payment's entries for an administrator, read by its payment intent", async () => {
		testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
		renderWithQueryClient(<PaymentActivity paymentIntentId="pi_1" />);
		expect(await screen.findByText("Refunded $20.00 by alex, reason: Requested by customer")).toBeTruthy();
		expect(screen.getByRole("heading", { name: "Activity" })).toBeTruthy();
		expect(requests.find((request) => request.route === listAuditLog)?.query).toMatchObject({
			object_id: "pi_1",
		});
	});

	it("says so when nobody has acted on the payment", async () => {
		testSettings();
		entries = [];
		renderWithQueryClient(<PaymentActivity paymentIntentId="pi_1" />);
		expect(await screen.findByText("Nobody has acted on this payment yet.")).toBeTruthy();
	});

	it("is not there for a shop manager, and the log is not read", () => {
		testSettings({ user: { ...testSettings().user, roles: ["shop_manager"] } });
		renderWithQueryClient(<PaymentActivity paymentIntentId="pi_1" />);
		expect(screen.queryByRole("heading", { name: "Activity" })).toBeNull();
		expect(requests.filter((request) => request.route === listAuditLog)).toEqual([]);
	});
});
