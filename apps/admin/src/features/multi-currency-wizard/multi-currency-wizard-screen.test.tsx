import {
	type CurrenciesResponse,
	type Currency,
	getCurrencies,
	getStoreSettings,
	updateEnabledCurrencies,
	updateStoreSettings,
} from "@paydesk/contract/multi-currency";
import { saveSettingOption } from "@paydesk/contract/settings";
import { getOptions } from "@paydesk/contract/wp";
import { currencyFlag, currencyInfo } from "@paydesk/domain/currencies";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import MultiCurrencyWizardScreen from "./multi-currency-wizard-screen.tsx";

let requests: RecordedRequest[];
let completed: boolean;
let theme: string;

function currency(code: string, rate: number): Currency {
	const info = currencyInfo(code);
	return {
		...info,
		id: code.toLowerCase(),
		flag: currencyFlag(code),
		is_default: code === "USD",
		is_zero_decimal: code === "JPY",
		rate,
		last_updated: 0,
		exchange_rate_type: "automatic",
	};
}
const AVAILABLE = {
	USD: currency("USD", 1),
	EUR: currency("EUR", 0.92),
	JPY: currency("JPY", 151.2),
	BRL: currency("BRL", 5.05),
	GBP: currency("GBP", 0.79),
};
const answer = (enabled: string[]): CurrenciesResponse => ({
	available: AVAILABLE,
	enabled: Object.fromEntries(enabled.map((code) => [code, AVAILABLE[code as keyof typeof AVAILABLE]])),
	default: AVAILABLE.USD,
});

beforeEach(() => {
	testSettings();
	completed = false;
	theme = "Storefront";
	const settings = () => ({
		wcpay_multi_currency_enable_auto_currency: false,
		wcpay_multi_currency_enable_storefront_switcher: false,
		site_theme: theme,
		date_format: "F j, Y",
		time_format: "g:i a",
		store_url: "http://localhost",
	});
	requests = stubApi(
		on(getOptions).reply(() => ({ wcpay_multi_currency_setup_completed: completed })),
		on(getCurrencies).reply(() => answer(["USD"])),
		on(updateEnabledCurrencies).reply(({ body }) => answer(body.enabled)),
		on(getStoreSettings).reply(settings),
		on(updateStoreSettings).reply(settings),
		on(saveSettingOption).reply(() => ({ success: true })),
	);
});

function renderWizard() {
	renderWithQueryClient(<MultiCurrencyWizardScreen />);
	return userEvent.setup();
}

describe("multi-currency wizard (spec 3 §2.6, §4.4, §5.4)", () => {
	it("lists recommended currencies first, searches, labels the button, and saves the completion at the last step", async () => {
		const user = renderWizard();
		await screen.findByRole("heading", { name: "Add currencies" });
		const names = screen
			.getAllByRole("checkbox")
			.map((box) => box.parentElement?.parentElement?.textContent ?? "");
		expect(names.map((name) => name.replace(/^\S+\s/, ""))).toEqual([
			"Euro (€ EUR)",
			"Japanese yen (¥ JPY)",
			"Pound sterling (£ GBP)",
			"Brazilian real (R$ BRL)",
		]);
		expect(screen.getByRole("button", { name: "Add currencies" }).getAttribute("aria-disabled")).toBe("true");
		await user.type(screen.getByRole("searchbox", { name: "Search currencies" }), "¥");
		expect(screen.getAllByRole("checkbox")).toHaveLength(1);
		await user.click(screen.getByRole("checkbox", { name: /Japanese yen/ }));
		expect(screen.getByRole("button", { name: "Add one currency" })).toBeTruthy();
		await user.clear(screen.getByRole("searchbox", { name: "Search currencies" }));
		await user.click(screen.getByRole("checkbox", { name: /Euro/ }));
		await user.click(screen.getByRole("button", { name: "Add two currencies" }));
		await waitFor(() =>
			expect(requests.find((request) => request.route === updateEnabledCurrencies)?.body).toEqual({
				enabled: ["USD", "JPY", "EUR"],
			}),
		);

		await screen.findByRole("heading", { name: "Review store settings" });
		expect(screen.getByRole("checkbox", { name: /Storefront theme/ })).toBeTruthy();
		await user.click(screen.getByRole("button", { name: "Update and complete" }));
		await screen.findByRole("heading", { name: "Setup complete" });
		await waitFor(() =>
			expect(
				requests.find(
					(request) =>
						request.route === saveSettingOption &&
						request.params.option === "wcpay_multi_currency_setup_completed",
				)?.body,
			).toEqual({
				value: true,
			}),
		);
		expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin",
		);
	});

	it("offers the storefront switcher only for the Storefront theme", async () => {
		theme = "Twenty Twenty-Five";
		const user = renderWizard();
		await screen.findByRole("heading", { name: "Add currencies" });
		await user.click(screen.getByRole("checkbox", { name: /Euro/ }));
		await user.click(screen.getByRole("button", { name: "Add one currency" }));
		await screen.findByRole("heading", { name: "Review store settings" });
		expect(screen.queryByRole("checkbox", { name: /Storefront theme/ })).toBeNull();
	});

	it("sends a store that already completed setup to the multi-currency settings", async () => {
		completed = true;
		renderWizard();
		await waitFor(() => expect(window.location.search).toBe("?page=wc-settings&tab=wcpay_multi_currency"));
	});
});
