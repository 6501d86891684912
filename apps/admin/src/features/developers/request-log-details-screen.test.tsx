/**
 * A request of the log: its fields as the list shows them, its parameters and the answer as
 * indented JSON (redacted by the server), a link back to the list, and a plain message for an
 * id the log does not hold.
 */
import { getRequestLogEntry } from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import RequestLogDetailsScreen from "./request-log-details-screen.tsx";

const ENTRY: ResponseInputOf<typeof getRequestLogEntry> = {
	id: "rlog_0007",
	request_id: "req_7abc",
	created: 1_767_268_800,
	method: "POST",
	path: "/v1/payment_intents",
	route: "/v1/payment_intents",
	status: 200,
	key_name: "Shop server",
	duration_ms: 87,
	idempotency_key: "order-1042",
	params: { amount: 1200, currency: "usd", payment_method_data: { card: { number: "[redacted]" } } },
	response: '{"id":"pi_1","object":"payment_intent","amount":1200}',
};

let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
	requests = stubApi(
		on(getRequestLogEntry).reply(({ params }) =>
			params.id === ENTRY.id
				? ENTRY
				: restError(404, "wcpay_request_log_entry_not_found", "No such request."),
		),
	);
});

function renderScreen(id: string) {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/developers/logs/details&id=${id}`,
	);
	renderWithQueryClient(<RequestLogDetailsScreen />);
}

describe("request details", () => {
	it("shows the request's fields, then its parameters and answer as indented JSON", async () => {
		renderScreen("rlog_0007");
		expect(await screen.findByRole("heading", { name: "POST /v1/payment_intents" })).toBeTruthy();
		expect(screen.getByText("January 1, 2026 / 12:00 pm")).toBeTruthy();
		expect(screen.getByText("req_7abc")).toBeTruthy();
		expect(screen.getByText("order-1042")).toBeTruthy();
		expect(screen.getByText("87 ms")).toBeTruthy();
		expect(screen.getByText("200").className).toContain("is-success");

		const params = screen.getByRole("region", { name: "Parameters" });
		expect(params.querySelector("pre")?.textContent).toBe(JSON.stringify(ENTRY.params, null, 2));
		expect(params.textContent).toContain('"number": "[redacted]"');
		const answer = screen.getByRole("region", { name: "Response" });
		expect(answer.querySelector("pre")?.textContent).toBe(
			'{\n  "id": "pi_1",\n  "object": "payment_intent",\n  "amount": 1200\n}',
		);
		expect(screen.getByRole("link", { name: "← Back to request logs" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/logs",
		);
		expect(requests.map((request) => request.path)).toEqual([
			"/wp-json/wc/v3/payments/developers/request-log/rlog_0007",
		]);
	});

	it("shows an answer cut at 64 kB as kept, saying so", async () => {
		stubApi(on(getRequestLogEntry).reply(() => ({ ...ENTRY, response: '{"data":[{"id":"pi_1"},{"id":' })));
		renderScreen("rlog_0007");
		expect(await screen.findByText("The response was longer than 64 kB: its start is shown.")).toBeTruthy();
		expect(screen.getByRole("region", { name: "Response" }).querySelector("pre")?.textContent).toBe(
			'{"data":[{"id":"pi_1"},{"id":',
		);
	});

	it("says a request the log does not hold is not in it", async () => {
		renderScreen("rlog_missing");
		// The notice, and its words spoken to screen readers.
		expect(
			await screen.findAllByText("This request is not in the log. Requests are kept 7 days."),
		).not.toEqual([]);
		expect(requests).toHaveLength(1);
	});

	it("does not ask the server for an id that cannot be one", () => {
		renderScreen("pi_123");
		expect(screen.getAllByText("This request is not in the log. Requests are kept 7 days.")).not.toEqual([]);
		expect(requests).toHaveLength(0);
	});
});
