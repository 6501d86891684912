/** Spec 1 §9: tooltips show after 700 ms, hide 600 ms after the pointer leaves, and are at most 250 px wide. */
import { readFileSync } from "node:fs";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TOOLTIP_CLASS, Tooltip } from "./tooltip.tsx";

// WordPress's Tooltip loads when the pointer first reaches an anchor (app/deferred-tooltip.tsx);
// compiled beforehand, it arrives at once, as a downloaded chunk does in the browser.
beforeAll(() => import("../../app/deferred-tooltip-parts.ts"), 30_000);
beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => void vi.useRealTimers());

describe("tooltip (spec 1 §9)", () => {
	it("shows its text 700 ms after the pointer reaches the anchor, in the product's tooltip class", async () => {
		render(
			<Tooltip text="Needs EUR">
				<button type="button">Requires currency</button>
			</Tooltip>,
		);
		const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
		await user.hover(screen.getByRole("button", { name: "Requires currency" }));
		// Spec: the tooltip shows 700 ms after the pointer rests on its anchor.
		act(() => void vi.advanceTimersByTime(600));
		expect(screen.queryByText("Needs EUR")).toBeNull();
		await act(async () => void vi.advanceTimersByTime(200));
		const tooltip = await screen.findByText("Needs EUR");
		expect(tooltip.closest(`.${TOOLTIP_CLASS}`)).toBeTruthy();
	});

	it("waits 600 ms before hiding once the pointer leaves the anchor", async () => {
		render(
			<Tooltip text="Needs EUR">
				<button type="button">Requires currency</button>
			</Tooltip>,
		);
		const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
		const anchor = screen.getByRole("button", { name: "Requires currency" });
		await user.hover(anchor);
		await act(async () => void vi.advanceTimersByTime(800));
		expect(await screen.findByText("Needs EUR")).toBeTruthy();
		await user.unhover(anchor);
		await user.pointer({ target: document.body, coords: { x: 400, y: 400 } });
		await act(async () => void vi.advanceTimersByTime(500));
		expect(screen.queryByText("Needs EUR")).not.toBeNull();
		await act(async () => void vi.advanceTimersByTime(200));
		expect(screen.queryByText("Needs EUR")).toBeNull();
	});

	it("stays open while the pointer moves from the anchor onto the tooltip, so a long text can be read", async () => {
		render(
			<Tooltip text="This payment method needs EUR enabled in multi-currency before customers can use it.">
				<button type="button">Requires currency</button>
			</Tooltip>,
		);
		const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
		const anchor = screen.getByRole("button", { name: "Requires currency" });
		await user.hover(anchor);
		await act(async () => void vi.advanceTimersByTime(800));
		const tooltip = await screen.findByText(/needs EUR enabled/);
		await user.unhover(anchor);
		await user.hover(tooltip);
		await act(async () => void vi.advanceTimersByTime(2_000));
		expect(screen.queryByText(/needs EUR enabled/)).not.toBeNull();
		await user.unhover(tooltip);
		await user.pointer({ target: document.body, coords: { x: 400, y: 400 } });
		await act(async () => void vi.advanceTimersByTime(700));
		expect(screen.queryByText(/needs EUR enabled/)).toBeNull();
	});

	it("caps the tooltip's width at 250 px", () => {
		// The admin's tests load no CSS, so the rule is read from the component's stylesheet.
		const css = readFileSync(`${import.meta.dirname}/tooltip.css`, "utf8");
		expect(css).toMatch(new RegExp(`\\.${TOOLTIP_CLASS}\\s*{[^}]*max-width:\\s*250px`));
	});
});
