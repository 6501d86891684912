import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/query-client.ts";
import { testSettings } from "../../testing/settings.ts";
import { CardReaderFees } from "./card-reader-fees.tsx";

function answer(status: number, body: unknown): Response {
	return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const STATS = {
	charge_id: "ch_fee",
	created: "2026-11-01T00:00:00.000Z",
	data: [
		{ reader_id: "tmr_a", status: "active", count: 40, fee: { amount: 400, currency: "usd" } },
		{ reader_id: "tmr_b", status: "inactive", count: 7, fee: { amount: 70, currency: "usd" } },
	],
};

beforeEach(() => {
	testSettings();
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string) =>
			url.endsWith("/readers/charges/ch_fee")
				? answer(200, STATS)
				: answer(404, { code: "wcpay_card_reader_charge_not_found", message: "No", data: { status: 404 } }),
		),
	);
});
afterEach(() => vi.unstubAllGlobals());

const renderFees = (chargeId: string) =>
	render(
		<QueryClientProvider client={createQueryClient()}>
			<CardReaderFees chargeId={chargeId} transactionId="txn_1" />
		</QueryClientProvider>,
	);

describe("card reader fee view (spec 2 'Card readers stats')", () => {
	it("lists reader id, status, transactions and fee of each reader the charge billed", async () => {
		renderFees("ch_fee");
		await screen.findByText("tmr_a");
		const table = screen.getByRole("table", { name: "Card readers" });
		const rows = within(table)
			.getAllByRole("row")
			.map((row) => row.textContent);
		expect(rows).toEqual(["Reader IDStatusTransactionsFee", "tmr_aActive40$4.00", "tmr_bInactive7$0.70"]);
		expect(screen.getByText("$4.70")).toBeTruthy();
	});

	it("downloads the table as CSV", async () => {
		const created: Blob[] = [];
		// jsdom has no object URLs: record the blob the view hands to the browser.
		URL.createObjectURL = (blob: Blob) => {
			created.push(blob);
			return "blob:csv";
		};
		URL.revokeObjectURL = () => undefined;
		const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
		renderFees("ch_fee");
		await screen.findByText("tmr_a");
		await userEvent.setup().click(screen.getByRole("button", { name: "Download" }));
		expect(click).toHaveBeenCalled();
		const text = await created[0]?.text();
		expect(text).toContain("Reader ID,Status,Transactions,Fee,Currency\r\ntmr_a,Active,40,4.00,USD");
		click.mockRestore();
	});

	it("says 'Readers details not loaded' when the stats cannot be loaded", async () => {
		renderFees("ch_unknown");
		expect((await screen.findAllByText("Readers details not loaded")).length).toBeGreaterThan(0);
	});
});
