import type { CurrenciesResponse, Currency } from "@paydesk/contract/multi-currency";
import { currencyFlag, currencyInfo } from "@paydesk/domain/currencies";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/query-client.ts";
import { testSettings } from "../../testing/settings.ts";
import MultiCurrencyWizardScreen from "./multi-currency-wizard-screen.tsx";

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let completed: boolean;
let theme: string;

const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

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
	calls = [];
	completed = false;
	theme = "Storefront";
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string, init: RequestInit = {}) => {
			const method = init.method ?? "GET";
			const body = init.body ? JSON.parse(String(init.body)) : undefined;
			calls.push({ method, url, body });
			if (url.startsWith("/wp-json/wc-admin/options"))
				return json(200, { wcpay_multi_currency_setup_completed: completed });
			if (url.endsWith("/multi-currency/currencies")) return json(200, answer(["USD"]));
			if (url.endsWith("/update-enabled-currencies")) return json(200, answer(body.enabled));
			const settings = {
				wcpay_multi_currency_enable_auto_currency: false,
				wcpay_multi_currency_enable_storefront_switcher: false,
				site_theme: theme,
				date_format: "F j, Y",
				time_format: "g:i a",
				store_url: "http://localhost",
			};
			if (url.endsWith("/get-settings") || url.endsWith("/update-settings")) return json(200, settings);
			if (url.includes("/settings/wcpay_multi_currency_setup_completed")) return json(200, { success: true });
			return json(404, { code: "rest_no_route", message: "No route", data: { status: 404 } });
		}),
	);
});
afterEach(() => vi.unstubAllGlobals());

function renderWizard() {
	render(
		<QueryClientProvider client={createQueryClient()}>
			<MultiCurrencyWizardScreen />
		</QueryClientProvider>,
	);
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
			expect(calls.find((call) => call.url.endsWith("/update-enabled-currencies"))?.body).toEqual({
				enabled: ["USD", "JPY", "EUR"],
			}),
		);

		await screen.findByRole("heading", { name: "Review store settings" });
		expect(screen.getByRole("checkbox", { name: /Storefront theme/ })).toBeTruthy();
		await user.click(screen.getByRole("button", { name: "Update and complete" }));
		await screen.findByRole("heading", { name: "Setup complete" });
		await waitFor(() =>
			expect(
				calls.find((call) => call.url.includes("/settings/wcpay_multi_currency_setup_completed"))?.body,
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
