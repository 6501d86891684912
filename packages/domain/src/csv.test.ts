import { describe, expect, it } from "vitest";
import { csvCell, csvHeader, csvRecord, csvRow, neutraliseFormula } from "./csv.ts";

describe("exported CSV opens cleanly in a spreadsheet", () => {
	it("quotes cells holding a comma, a quote or a line break (RFC 4180)", () => {
		expect(csvCell("plain")).toBe("plain");
		expect(csvCell("a,b")).toBe('"a,b"');
		expect(csvCell('say "hi"')).toBe('"say ""hi"""');
		expect(csvCell("two\nlines")).toBe('"two\nlines"');
		expect(csvRow(["a", 1, null, undefined])).toBe("a,1,,\r\n");
	});

	it("neutralises text cells that a spreadsheet would run as a formula", () => {
		for (const dangerous of ["=SUM(A1)", "+1+1", "-2+3", "@cmd", "\tx", "\rx", '=HYPERLINK("http://evil")']) {
			expect(neutraliseFormula(dangerous).startsWith("'"), dangerous).toBe(true);
		}
		expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
	});

	it("keeps negative numbers as numbers", () => {
		expect(csvCell("-12.50")).toBe("-12.50");
		expect(csvCell(-1250)).toBe("-1250");
		expect(csvCell("-12.50 refund")).toBe("'-12.50 refund");
	});

	it("writes a header and records from column declarations", () => {
		const columns = [
			{ header: "ID", value: (row: { id: string; amount: number }) => row.id },
			{ header: "Amount", value: (row: { id: string; amount: number }) => row.amount },
		];
		expect(csvHeader(columns)).toBe("ID,Amount\r\n");
		expect(csvRecord(columns, { id: "po_1", amount: 5 })).toBe("po_1,5\r\n");
	});
});
