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

	it("quotes a cell holding a semicolon, tab or pipe, which a spreadsheet may split on", () => {
		expect(csvCell("Jo;Ann")).toBe('"Jo;Ann"');
		expect(csvCell("a\tb")).toBe('"a\tb"');
		expect(csvCell("a|b")).toBe('"a|b"');
	});

	it("neutralises a formula after any separator a spreadsheet might split the cell on", () => {
		expect(csvCell("Jo;=1+2")).toBe('"Jo;\'=1+2"');
		expect(csvCell("Jo,+1")).toBe('"Jo,\'+1"');
		expect(csvCell("Jo; @SUM(A1)")).toBe('"Jo;\' @SUM(A1)"');
		expect(csvCell("a\n=HYPERLINK(1)")).toBe('"a\n\'=HYPERLINK(1)"');
		expect(csvCell("a|-1+1")).toBe('"a|\'-1+1"');
		expect(csvCell("12.50;-3.10")).toBe('"12.50;-3.10"');
	});

	it("neutralises the full-width formula starters ＝＋－＠", () => {
		for (const start of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
			expect(csvCell(`${start}1+2`)).toBe(`'${start}1+2`);
			expect(csvCell(`x;${start}1`)).toBe(`"x;'${start}1"`);
		}
	});

	it("strips NUL characters, which cut a cell short in a spreadsheet", () => {
		expect(csvCell("Jo\u0000hn")).toBe("John");
		expect(csvCell("\u0000=1")).toBe("'=1");
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
