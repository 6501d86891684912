import { describe, expect, it } from "vitest";
import { type AccountFee, discountNote, feeDisplay, feeTotal, paymentFeeOf } from "./fees-display.ts";

const now = Date.parse("2026-11-15T12:00:00Z");
const card = (discount: AccountFee["discount"] = []): AccountFee => ({
	base: { percentage_rate: 0.029, fixed_rate: 30, currency: "usd" },
	additional: { percentage_rate: 0.015, fixed_rate: 0, currency: "usd" },
	fx: { percentage_rate: 0.01, fixed_rate: 0, currency: "usd" },
	discount,
});
const quarterOff = {
	discount: 0.25,
	volume_allowance: 1_000_000,
	current_volume: 250_000,
	volume_currency: "usd",
	end_time: "2027-01-31T00:00:00Z",
};

describe("fee display (spec 3 §9)", () => {
	it("shows 'percentage + fixed per transaction', and a total adding base, additional and FX fees", () => {
		const display = feeDisplay(card(), now);
		expect(display.current).toBe("2.9% + $0.30 per transaction");
		expect(display.additional).toBe("+1.5%");
		expect(display.fx).toBe("+1%");
		expect(display.total).toBe("5.4% + $0.30 per transaction");
	});

	it("applies a discount fraction to the base and additional fees but not to the FX fee", () => {
		const total = feeTotal(card(), 0.25);
		expect(total.percentage_rate).toBeCloseTo((0.029 + 0.015) * 0.75 + 0.01, 12);
		expect(total.fixed_rate).toBe(23);
		const display = feeDisplay(card([quarterOff]), now);
		expect(display.current).toBe("2.175% + $0.23 per transaction");
		expect(display.original).toBe("2.9% + $0.30 per transaction");
		expect(display.additional).toBe("+1.125%");
		expect(display.fx).toBe("+1%");
		expect(display.total).toBe("4.3% + $0.23 per transaction");
	});

	it("ignores a discount that ended or whose volume is used up", () => {
		expect(feeDisplay(card([{ ...quarterOff, end_time: "2026-11-01T00:00:00Z" }]), now).original).toBeNull();
		expect(feeDisplay(card([{ ...quarterOff, current_volume: 1_000_000 }]), now).original).toBeNull();
	});

	it("shows 'missing fees' for an unknown fee", () => {
		expect(feeDisplay(undefined, now)).toMatchObject({ current: "missing fees", total: "missing fees" });
	});

	it("describes the discount: share off, remaining volume and end date", () => {
		expect(discountNote(quarterOff, () => "January 31, 2027")).toBe(
			"25% off fees on your next $7,500.00 of sales until January 31, 2027",
		);
	});
});

describe("the fee of one payment by the account's fee schedule", () => {
	const schedule = {
		base: { percentage_rate: 0.029, fixed_rate: 30, currency: "usd" },
		additional: { percentage_rate: 0.015, fixed_rate: 0, currency: "usd" },
		fx: { percentage_rate: 0.01, fixed_rate: 0, currency: "usd" },
		discount: [],
	};
	const now = Date.parse("2026-11-23T00:00:00Z");

	it("a domestic payment pays the base fee", () => {
		const { fee, rates } = paymentFeeOf(schedule, {
			amount: 10000,
			international: false,
			crossCurrency: false,
			nowMs: now,
		});
		expect(fee).toBe(320);
		expect(rates).toMatchObject({ percentage: 0.029, fixed: 30, fixed_currency: "usd" });
		expect(rates.history).toHaveLength(1);
	});

	it("a card issued abroad adds the international fee, a converted payment the FX fee", () => {
		const { fee, rates } = paymentFeeOf(schedule, {
			amount: 10000,
			international: true,
			crossCurrency: true,
			nowMs: now,
		});
		expect(fee).toBe(570);
		expect(rates.history?.map((entry) => entry.additional_type ?? entry.type)).toEqual([
			"base",
			"international",
			"fx",
		]);
	});

	it("an active discount takes its fraction off the base and international fees, not the FX fee", () => {
		const discounted = {
			...schedule,
			discount: [
				{
					discount: 0.5,
					volume_allowance: null,
					current_volume: null,
					volume_currency: null,
					end_time: null,
				},
			],
		};
		const { fee, rates } = paymentFeeOf(discounted, {
			amount: 10000,
			international: false,
			crossCurrency: true,
			nowMs: now,
		});
		expect(fee).toBe(Math.round(10000 * (0.0145 + 0.01)) + 15);
		expect(rates.history?.at(-1)?.type).toBe("discount");
	});
});
