/** Spec 3 §5.3 with spec 1 §9: 'Requires currency' explains itself in the product's tooltip. */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOOLTIP_CLASS } from "../../components/tooltip/tooltip.tsx";
import { MethodRow } from "./method-row.tsx";

beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => void vi.useRealTimers());

describe("payment method row", () => {
	it("explains 'Requires currency' in the product's tooltip (spec 1 §9 delay and width)", async () => {
		render(
			<ul>
				<MethodRow
					method={{
						id: "ideal",
						label: "iDEAL",
						description: "Pay with iDEAL.",
						currencies: ["EUR"],
						stripe_key: "ideal_payments",
						allows_manual_capture: false,
						allows_pay_later: false,
						accepts_only_domestic_payment: false,
					}}
					status={{ status: "active", requirements: [] }}
					checked={false}
					locked={false}
					busy={false}
					requiredCurrencies={["EUR"]}
					onChange={() => undefined}
				/>
			</ul>,
		);
		const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
		await user.hover(screen.getByRole("button", { name: "Requires currency" }));
		await act(async () => void vi.advanceTimersByTime(800));
		const text = await screen.findByText(/^iDEAL requires the EUR currency\./);
		expect(text.closest(`.${TOOLTIP_CLASS}`)).toBeTruthy();
	});
});
