import { describe, expect, it } from "vitest";
import { readerStatStatusLabel, readerStatsCsv, readerStatsTotal, readerStatusLabel } from "./readers.ts";
import { englishTranslator as t } from "./translator.ts";

const stats = [
	{ reader_id: "tmr_1", status: "active", count: 12, fee: { amount: 120, currency: "usd" } },
	{ reader_id: "tmr_2", status: "inactive", count: 3, fee: { amount: 30, currency: "usd" } },
];

describe("card readers page (spec 2)", () => {
	it("shows a reader's status as Active or Inactive", () => {
		expect(readerStatusLabel(true, t)).toBe("Active");
		expect(readerStatusLabel(false, t)).toBe("Inactive");
		expect(readerStatStatusLabel("active", t)).toBe("Active");
	});
});

describe("card readers stats (spec 2)", () => {
	it("downloads the table (reader id, status, transactions, fee) as CSV", () => {
		const csv = readerStatsCsv(stats, t);
		expect(csv.startsWith("\uFEFF")).toBe(true);
		expect(csv.slice(1).split("\r\n")).toEqual([
			"Reader ID,Status,Transactions,Fee,Currency",
			"tmr_1,Active,12,1.20,USD",
			"tmr_2,Inactive,3,0.30,USD",
			"",
		]);
	});

	it("totals the transactions and fees of a statement", () => {
		expect(readerStatsTotal(stats)).toEqual({ count: 15, amount: 150 });
	});
});
