/**
 * A tooltip whose code loads when the merchant reaches for its anchor must look and act as
 * WordPress's Tooltip: the same anchor markup while closed, its text after the delay for a
 * pointer that rests on the anchor, at once for the keyboard's focus, which stays on the anchor,
 * and a click that began before the code arrived still clicks. (That the click's own work, a
 * form's submission or a link's navigation, happens before the anchor is drawn anew can only be
 * seen in a browser, which redraws between the click's listeners and that work; jsdom does not.)
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Tooltip as WpTooltip } from "@wordpress/components";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

type Deferred = typeof import("./deferred-tooltip.tsx");
let deferred: Deferred;

// Compiled once beforehand, WordPress's Tooltip then arrives at once, as a cached chunk does.
beforeAll(() => import("./deferred-tooltip-parts.ts"), 30_000);

afterEach(() => vi.doUnmock("./deferred-tooltip-parts.ts"));

beforeEach(async () => {
	// A fresh module each time: its code has not loaded yet, as on a screen's first paint.
	vi.resetModules();
	deferred = await import("./deferred-tooltip.tsx");
});

function TaskOptions({ onClick = () => {} }: { onClick?: () => void }) {
	const { Tooltip } = deferred;
	return (
		<Tooltip text="Task options" delay={300}>
			<button type="button" aria-label="Task options" className="components-button" onClick={onClick}>
				⋮
			</button>
		</Tooltip>
	);
}

const anchor = () => screen.getByRole("button", { name: "Task options" });

/** WordPress's Tooltip arrives when the test lets it, as a chunk on a slow network does. */
function slowTooltipCode(): () => void {
	let arrive = () => {};
	const arrived = new Promise<void>((resolve) => {
		arrive = resolve;
	});
	vi.doMock("./deferred-tooltip-parts.ts", async (importOriginal) => {
		await arrived;
		return importOriginal();
	});
	return arrive;
}
const tooltip = () => screen.queryByText("Task options", { selector: ".components-tooltip" });

describe("a tooltip whose code loads on demand", () => {
	it("draws its anchor with the markup of WordPress's closed Tooltip", () => {
		const wordpress = render(
			<WpTooltip text="Task options" delay={300}>
				<button type="button" aria-label="Task options" className="components-button">
					⋮
				</button>
			</WpTooltip>,
		);
		const deferredTooltip = render(<TaskOptions />);
		expect(deferredTooltip.container.innerHTML).toBe(wordpress.container.innerHTML);
	});

	it("shows its text after the delay for a pointer that rests on the anchor while the code arrives", async () => {
		const user = userEvent.setup();
		render(<TaskOptions />);
		await user.hover(anchor());
		expect(tooltip()).toBeNull();
		await waitFor(() => expect(tooltip()).not.toBeNull(), { timeout: 3000 });
		await user.unhover(anchor());
		await waitFor(() => expect(tooltip()).toBeNull());
	});

	it("shows its text for the keyboard's focus, which stays on the anchor", async () => {
		const user = userEvent.setup();
		render(<TaskOptions />);
		await user.tab();
		await waitFor(() => expect(tooltip()).not.toBeNull(), { timeout: 3000 });
		expect(document.activeElement).toBe(anchor());
	});

	it("leaves the code unloaded for a focus that follows a click, as a dialog's first button gets it", async () => {
		const user = userEvent.setup();
		render(
			<>
				<button type="button" onClick={() => anchor().focus()}>
					Open
				</button>
				<TaskOptions />
			</>,
		);
		const focused = anchor();
		await user.click(screen.getByRole("button", { name: "Open" }));
		expect(document.activeElement).toBe(focused);
		await new Promise((resolve) => setTimeout(resolve, 400));
		expect(tooltip()).toBeNull();
		expect(anchor()).toBe(focused);
	});

	it("clicks once for a press that began before the code arrived", async () => {
		const arrive = slowTooltipCode();
		const user = userEvent.setup();
		const onClick = vi.fn();
		render(<TaskOptions onClick={onClick} />);
		const pressed = anchor();
		await user.pointer([{ target: pressed }, { keys: "[MouseLeft>]", target: pressed }]);
		await act(async () => {
			arrive();
			await import("./deferred-tooltip-parts.ts");
		});
		expect(anchor()).toBe(pressed);
		await user.pointer({ keys: "[/MouseLeft]", target: pressed });
		expect(onClick).toHaveBeenCalledOnce();
		await waitFor(() => expect(anchor()).not.toBe(pressed));
		expect(document.activeElement).toBe(anchor());
	});

	it("leaves an anchor without text as it is, as WordPress's Button is when it shows no tooltip", async () => {
		const user = userEvent.setup();
		const { Tooltip } = deferred;
		render(
			<Tooltip>
				<button type="button">Continue</button>
			</Tooltip>,
		);
		const button = screen.getByRole("button", { name: "Continue" });
		await user.hover(button);
		await act(() => import("./deferred-tooltip-parts.ts"));
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(screen.getByRole("button", { name: "Continue" })).toBe(button);
	});
});
