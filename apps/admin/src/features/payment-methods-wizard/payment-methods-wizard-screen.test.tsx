import {
	getPaymentSettings,
	type PaymentSettings,
	savePaymentSettings,
	settingsUpdate,
} from "@paydesk/contract/settings";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { settingsFixture } from "../../testing/payment-settings.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import PaymentMethodsWizardScreen from "./payment-methods-wizard-screen.tsx";

let requests: RecordedRequest[];
let stored: PaymentSettings;

beforeEach(() => {
	testSettings();
	stored = settingsFixture();
	vi.useFakeTimers({ shouldAdvanceTime: true });
	requests = stubApi(
		on(getPaymentSettings).reply(() => stored),
		on(savePaymentSettings).reply(({ body }) => {
			stored = { ...stored, ...settingsUpdate.parse(body) };
			return { data: stored };
		}),
	);
});
afterEach(() => {
	vi.useRealTimers();
});

const posted = () =>
	requests.filter((request) => request.route === savePaymentSettings).map((request) => request.body);

function renderWizard() {
	renderWithQueryClient(<PaymentMethodsWizardScreen />);
	return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("payment method enablement wizard (spec 3 §4.3, §5.3)", () => {
	it("locks the card on, an inactive method off with 'More information needed', and shows pending labels", async () => {
		renderWizard();
		await screen.findByRole("heading", { name: "Add payment methods" });
		expect(box("Card")).toMatchObject({ checked: true, disabled: true });
		expect(box("giropay")).toMatchObject({ checked: false, disabled: true });
		expect(screen.getByText("More information needed")).toBeTruthy();
		expect(screen.getByText("Pending approval")).toBeTruthy();
		expect(screen.getByText("Pending activation")).toBeTruthy();
		expect(screen.getByRole("button", { name: "Continue" }).getAttribute("aria-disabled")).toBe("true");
	});

	it("checking waits 1500 ms behind a spinner; Continue saves and shows 'Enablement complete'", async () => {
		const user = renderWizard();
		await screen.findByRole("heading", { name: "Add payment methods" });
		await user.click(box("EPS"));
		expect(screen.queryByRole("checkbox", { name: "EPS" })).toBeNull();
		// Fake time also follows the clock a little (react-query needs it), so check with a margin.
		act(() => void vi.advanceTimersByTime(1_350));
		expect(screen.queryByRole("checkbox", { name: "EPS" })).toBeNull();
		act(() => void vi.advanceTimersByTime(200));
		expect(box("EPS").checked).toBe(true);
		await user.click(screen.getByRole("button", { name: "Continue" }));
		await waitFor(() => expect(posted()).toEqual([{ enabled_payment_method_ids: ["card", "link", "eps"] }]));
		expect(await screen.findByRole("heading", { name: "Enablement complete" })).toBeTruthy();
		expect(screen.getByRole("link", { name: "Go to payments settings" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments",
		);
		expect(screen.getByRole("link", { name: "Multi-currency settings" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-settings&tab=wcpay_multi_currency",
		);
	});

	it("an unrequested method with requirements asks first: Cancel leaves it off, Continue enables it", async () => {
		const user = renderWizard();
		await screen.findByRole("heading", { name: "Add payment methods" });
		await user.click(box("Alipay"));
		expect(await screen.findByText("Personal Identification Number")).toBeTruthy();
		expect(screen.getByText("Business Website")).toBeTruthy();
		await user.click(screen.getByRole("button", { name: "Cancel" }));
		expect(box("Alipay").checked).toBe(false);
		await user.click(box("Alipay"));
		await user.click(screen.getAllByRole("button", { name: "Continue" })[0] as HTMLElement);
		act(() => void vi.advanceTimersByTime(1_500));
		expect(box("Alipay").checked).toBe(true);
	});

	it("with multi-currency off, a method without the store currency is flagged as requiring it", async () => {
		stored = settingsFixture({ is_multi_currency_enabled: false });
		renderWizard();
		await screen.findByRole("heading", { name: "Add payment methods" });
		expect(screen.getAllByRole("button", { name: "Requires currency" }).length).toBeGreaterThan(0);
	});

	it("progressive onboarding incomplete locks every method behind a warning", async () => {
		const settings = testSettings();
		testSettings({
			accountStatus: {
				...({} as NonNullable<typeof settings.accountStatus>),
				progressiveOnboarding: { isEnabled: true, isComplete: false, tpv: 0, firstTransactionDate: null },
			},
		});
		renderWizard();
		await screen.findByRole("heading", { name: "Add payment methods" });
		expect(
			screen.getByText(/Finish setting up your payments account/, {
				selector: ".components-notice__content",
			}),
		).toBeTruthy();
		expect(box("EPS").disabled).toBe(true);
	});
});
