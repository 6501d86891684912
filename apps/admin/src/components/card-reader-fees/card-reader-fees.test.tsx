import { getReaderChargeStats } from "@paydesk/contract/readers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { on, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { CardReaderFees } from "./card-reader-fees.tsx";

const STATS: ResponseInputOf<typeof getReaderChargeStats> = {
	charge_id: "ch_fee",
	created: "2026-11-01T00:00:00.000Z",
	data: [
		{ reader_id: "tmr_a", status: "active", count: 40, fee: { amount: 400, currency: "usd" } },
		{ reader_id: "tmr_b", status: "inactive", count: 7, fee: { amount: 70, currency: "usd" } },
	],
};

beforeEach(() => {
	testSettings();
	stubApi(
		on(getReaderChargeStats).reply(({ params }) =>
			params.id === "ch_fee" ? STATS : restError(404, "wcpay_card_reader_charge_not_found", "No"),
		),
	);
});

const renderFees = (chargeId: string) =>
	renderWithQueryClient(<CardReaderFees chargeId={chargeId} transactionId="txn_1" />);

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
