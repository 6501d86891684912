import { describe, expect, it } from "vitest";
import {
	formatWithholdRate,
	loanStatus,
	progressLabelInside,
	repaidShare,
	withholdRatePercent,
} from "./loans.ts";
import { englishTranslator as t } from "./translator.ts";

const day = (value: string | number) => String(value).slice(0, 10);

describe("loan label (spec 2 'Loans page')", () => {
	it("fully_paid_at empty means Active (In Progress)", () => {
		expect(loanStatus({ fully_paid_at: null }, day, t)).toEqual({
			label: "Active",
			tooltip: "In Progress",
			chip: "primary",
		});
		expect(loanStatus({ fully_paid_at: "" }, day, t).label).toBe("Active");
		expect(loanStatus({ fully_paid_at: undefined }, day, t).label).toBe("Active");
	});

	it("otherwise 'Paid off: date' (Paid in Full)", () => {
		expect(loanStatus({ fully_paid_at: "2026-03-02T10:00:00.000Z" }, day, t)).toEqual({
			label: "Paid off: 2026-03-02",
			tooltip: "Paid in Full",
			chip: "success",
		});
	});
});

describe("withhold rate (spec 2 §9)", () => {
	it("is shown as a percentage, times 100", () => {
		expect(withholdRatePercent(0.08)).toBe(8);
		expect(withholdRatePercent(0.07)).toBe(7);
		expect(withholdRatePercent(0.125)).toBe(12.5);
		expect(formatWithholdRate(0.1)).toBe("10%");
	});
});

describe("repaid share of the active loan", () => {
	it("is paid out of advance plus fee, within 0 and 1", () => {
		expect(repaidShare({ paid_amount: 5_500, advance_amount: 10_000, fee_amount: 1_000 })).toBe(0.5);
		expect(repaidShare({ paid_amount: 20_000, advance_amount: 10_000, fee_amount: 1_000 })).toBe(1);
		expect(repaidShare({ paid_amount: 0, advance_amount: 0, fee_amount: 0 })).toBe(1);
	});
});

describe("the progress bar label sits inside the bar when progress exceeds 0.5 (spec 3 §9)", () => {
	it("is inside above one half", () => {
		expect(progressLabelInside(0.51)).toBe(true);
		expect(progressLabelInside(1)).toBe(true);
	});

	it("is outside at one half and below", () => {
		expect(progressLabelInside(0.5)).toBe(false);
		expect(progressLabelInside(0.2)).toBe(false);
		expect(progressLabelInside(0)).toBe(false);
	});
});
