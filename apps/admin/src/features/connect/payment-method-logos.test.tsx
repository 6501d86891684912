/** Payment-method logos (spec 1 §1, §9): how many show at each width, and the overflow popover. */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PaymentMethodLogos } from "./payment-method-logos.tsx";

function renderAt(width: number, hasWallet = true) {
	window.innerWidth = width;
	render(<PaymentMethodLogos hasWallet={hasWallet} />);
	return within(screen.getByRole("list", { name: "Accepted payment methods" }));
}

afterEach(() => {
	vi.useRealTimers();
	window.innerWidth = 1024;
});

describe("payment-method logos", () => {
	it("shows 10 of 20 by default with the wallet, the other 10 behind +10", () => {
		const row = renderAt(1366);
		expect(row.getAllByRole("listitem").filter((item) => !item.querySelector("button"))).toHaveLength(10);
		expect(row.getByRole("button", { name: "10 more payment methods" })).toBeTruthy();
	});

	it("shows 7 of 19 at width 768 or less (no wallet)", () => {
		expect(renderAt(768, false).getByRole("button", { name: "12 more payment methods" })).toBeTruthy();
	});

	it("shows 5 of 19 at width 480 or less", () => {
		expect(renderAt(480, false).getByRole("button", { name: "14 more payment methods" })).toBeTruthy();
	});

	it("opens the overflow popover on hover and hides it 300 ms after the pointer leaves", () => {
		vi.useFakeTimers();
		const row = renderAt(1366);
		const more = row.getByRole("button", { name: "10 more payment methods" });
		fireEvent.mouseEnter(more.parentElement as HTMLElement);
		expect(more.getAttribute("aria-expanded")).toBe("true");
		expect(screen.getByText("GrabPay")).toBeTruthy();
		fireEvent.mouseLeave(more.parentElement as HTMLElement);
		act(() => vi.advanceTimersByTime(299));
		expect(screen.queryByText("GrabPay")).toBeTruthy();
		act(() => vi.advanceTimersByTime(1));
		expect(screen.queryByText("GrabPay")).toBeNull();
	});
});
