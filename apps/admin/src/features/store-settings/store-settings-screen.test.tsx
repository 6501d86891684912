/**
 * WooCommerce › Settings › General, where the store's language and locale settings live: the
 * store's address, selling and shipping locations and currency options in WooCommerce's sections
 * and words; "Save changes" sends the changed settings in one batch, after which the page reloads
 * and says "Your settings have been saved."; a setting the server refuses keeps its draft with
 * the reason next to it and in an error notice, while the others are saved; the country lists
 * show only when they apply.
 */
import {
	batchUpdateGeneralSettings,
	GENERAL_DEFAULTS,
	listGeneralSettings,
	type SettingValue,
	type StoreSetting,
} from "@paydesk/contract/store-settings";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reloadWithFlag } from "../../components/wp-options-form/saved-reload.ts";
import {
	type Answer,
	deferred,
	type ErrorReply,
	on,
	type RecordedRequest,
	restError,
	stubApi,
} from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import StoreSettingsScreen from "./store-settings-screen.tsx";

// Some 300 country choices make a slow form for jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
// The country list scrolls its highlighted suggestion into view, which jsdom cannot do.
Element.prototype.scrollIntoView ??= () => {};

vi.mock("../../components/wp-options-form/saved-reload.ts", async (importOriginal) => ({
	...(await importOriginal<typeof import("../../components/wp-options-form/saved-reload.ts")>()),
	reloadWithFlag: vi.fn(),
}));

/** A new store's settings (the contract's defaults) with an address. */
const STORED: Record<string, string | string[]> = {
	...GENERAL_DEFAULTS,
	woocommerce_store_address: "60 29th Street #343",
	woocommerce_store_city: "San Francisco",
	woocommerce_store_postcode: "94110",
};
const setting = (id: string, value: string | string[]): StoreSetting => ({
	id,
	label: id,
	description: "",
	type: Array.isArray(value) ? "multiselect" : "text",
	default: value,
	value,
	group_id: "general",
});

let stored: Record<string, string | string[]>;
/** Settings the server refuses, with the problem it names. */
let refuse: Record<string, string>;
let answerLoad: (() => Answer<typeof listGeneralSettings> | Promise<StoreSetting[]>) | null;
let answerSave: (() => ErrorReply) | null;
let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
	vi.mocked(reloadWithFlag).mockReset();
	stored = { ...STORED };
	refuse = {};
	answerLoad = null;
	answerSave = null;
	requests = stubApi(
		on(listGeneralSettings).reply(() =>
			answerLoad ? answerLoad() : Object.entries(stored).map(([id, v]) => setting(id, v)),
		),
		on(batchUpdateGeneralSettings).reply(({ body }) => {
			if (answerSave) return answerSave();
			return {
				update: (body.update ?? []).map(({ id, value }) => {
					const problem = refuse[id];
					if (problem) {
						return {
							id,
							error: {
								code: "rest_setting_value_invalid",
								message: `An invalid setting value was passed: ${problem}.`,
								data: { status: 400, params: { [id]: problem } },
							},
						};
					}
					stored[id] = value as SettingValue;
					return setting(id, value as SettingValue);
				}),
			};
		}),
	);
});
afterEach(() => {
	clearNotices();
	window.history.replaceState(null, "", "/");
});

function renderScreen() {
	renderWithQueryClient(
		<>
			<StoreSettingsScreen />
			<NoticeProbe />
		</>,
	);
	// Keystrokes without a timer between them: the form holds some 300 country choices.
	return userEvent.setup({ delay: null });
}

const saved = () =>
	requests
		.filter((request) => request.method === "POST")
		.map((request) => (request.body as { update: unknown }).update);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const notices = () => within(screen.getByRole("list", { name: "notices" }));
const saveButton = () => screen.getByRole("button", { name: "Save changes" });

describe("loading", () => {
	it("says it is loading, then shows WooCommerce's sections with the store's settings", async () => {
		const load = deferred<StoreSetting[]>();
		answerLoad = () => load.promise;
		renderScreen();
		expect(screen.getByRole("status").textContent).toContain("Loading settings…");
		load.resolve(Object.entries(stored).map(([id, v]) => setting(id, v)));
		expect((await screen.findByLabelText("Address line 1")).getAttribute("value")).toBe(
			"60 29th Street #343",
		);
		expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
			"Store Address",
			"General options",
			"Currency options",
		]);
		expect(field("City").value).toBe("San Francisco");
		expect(field("Postcode / ZIP").value).toBe("94110");
		expect(field("Country / State").value).toBe("US:CA");
		expect(field("Country / State").selectedOptions[0]?.textContent).toBe("United States (US) — California");
		expect(field("Country / State").querySelector('option[value="FR"]')?.textContent).toBe("France");
		expect(field("Currency").selectedOptions[0]?.textContent).toBe("United States (US) dollar ($) — USD");
		expect(field("Currency position").value).toBe("left");
		expect(field("Number of decimals").value).toBe("2");
		expect(screen.getByRole("checkbox", { name: "Enable the use of coupon codes" })).toHaveProperty(
			"checked",
			true,
		);
		expect(screen.getByRole("link", { name: "General" }).getAttribute("aria-current")).toBe("page");
	});

	it("says 'Error retrieving settings.' when they cannot be read", async () => {
		answerLoad = () => restError(403, "rest_forbidden", "Sorry, you are not allowed to do that.");
		renderScreen();
		expect(
			await screen.findByText("Error retrieving settings.", { selector: ".components-notice__content" }),
		).toBeTruthy();
	});
});

describe("saving", () => {
	it("sends only the changed settings with 'Save changes', then reloads to say 'Your settings have been saved.'", async () => {
		const user = renderScreen();
		const address = await screen.findByLabelText("Address line 1");
		await user.clear(address);
		await user.type(address, "1 Rue de Rivoli");
		await user.selectOptions(field("Currency position"), "Right with space");
		await user.selectOptions(field("Country / State"), "France");
		await user.click(saveButton());
		await waitFor(() => expect(reloadWithFlag).toHaveBeenCalledWith("settings-updated", "true"));
		expect(saved()).toEqual([
			[
				{ id: "woocommerce_store_address", value: "1 Rue de Rivoli" },
				{ id: "woocommerce_currency_pos", value: "right_space" },
				{ id: "woocommerce_default_country", value: "FR" },
			],
		]);
		expect(saveButton().getAttribute("aria-disabled")).toBe("true");
	});

	it("after the reload says 'Your settings have been saved.' and takes the flag out of the URL", async () => {
		window.history.replaceState(
			null,
			"",
			"/wp-admin/admin.php?page=wc-settings&tab=general&settings-updated=true",
		);
		renderScreen();
		expect(await notices().findByText("Your settings have been saved.")).toBeTruthy();
		expect(window.location.search).toBe("?page=wc-settings&tab=general");
	});

	it("the keyboard saves with Enter from a field", async () => {
		const user = renderScreen();
		await user.type(await screen.findByLabelText("City"), " Bay");
		await user.keyboard("{Enter}");
		await waitFor(() =>
			expect(saved()).toEqual([[{ id: "woocommerce_store_city", value: "San Francisco Bay" }]]),
		);
	});
});

describe("a refused setting", () => {
	it("keeps its draft with the reason next to it, focused and in an error notice, while the others are saved", async () => {
		refuse = {
			woocommerce_price_num_decimals: "woocommerce_price_num_decimals must be a whole number from 0 to 8",
		};
		const user = renderScreen();
		const decimals = (await screen.findByLabelText("Number of decimals")) as HTMLInputElement;
		await user.clear(decimals);
		await user.type(decimals, "12");
		await user.clear(field("Thousand separator"));
		await user.type(field("Thousand separator"), ".");
		await user.click(saveButton());

		const reason = "Number of decimals must be a whole number from 0 to 8";
		expect(await notices().findByText(`Error saving settings. ${reason}`)).toBeTruthy();
		expect(reloadWithFlag).not.toHaveBeenCalled();
		expect(decimals.getAttribute("aria-invalid")).toBe("true");
		expect(document.getElementById(decimals.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
			reason,
		);
		await waitFor(() => expect(document.activeElement).toBe(decimals));
		expect(decimals.value).toBe("12");
		expect(stored.woocommerce_price_thousand_sep).toBe(".");
		expect(saveButton().getAttribute("aria-disabled")).toBeNull();

		// Fixed, only the refused setting is sent again.
		await user.clear(decimals);
		expect(decimals.getAttribute("aria-invalid")).toBeNull();
		await user.type(decimals, "3");
		refuse = {};
		await user.click(saveButton());
		await waitFor(() => expect(reloadWithFlag).toHaveBeenCalled());
		expect(saved().at(-1)).toEqual([{ id: "woocommerce_price_num_decimals", value: "3" }]);
	});

	it("a save the server refuses as a whole is said in the notice", async () => {
		answerSave = () => restError(403, "rest_forbidden", "Sorry, you are not allowed to do that.");
		const user = renderScreen();
		await user.type(await screen.findByLabelText("Address line 2"), "Suite 5");
		await user.click(saveButton());
		expect(
			await notices().findByText("Error saving settings. Sorry, you are not allowed to do that."),
		).toBeTruthy();
	});
});

describe("selling locations", () => {
	it("shows the country list only for the choice that uses it, and saves the countries picked", async () => {
		const user = renderScreen();
		await screen.findByLabelText("Selling location(s)");
		expect(screen.queryByLabelText("Sell to specific countries")).toBeNull();
		expect(screen.queryByLabelText("Sell to all countries, except for…")).toBeNull();

		await user.selectOptions(field("Selling location(s)"), "Sell to all countries, except for…");
		expect(screen.getByLabelText("Sell to all countries, except for…")).toBeTruthy();
		await user.selectOptions(field("Selling location(s)"), "Sell to specific countries");
		expect(screen.queryByLabelText("Sell to all countries, except for…")).toBeNull();
		const countries = screen.getByLabelText("Sell to specific countries");
		// The keyboard picks a suggestion, or takes a country's name typed in full.
		await user.type(countries, "Franc");
		expect(screen.getByRole("listbox").textContent).toBe("France");
		await user.keyboard("{ArrowDown}{Enter}");
		await user.type(countries, "Germany{Enter}");
		await user.type(countries, "Narnia{Enter}");
		expect(
			[...document.querySelectorAll('.components-form-token-field__token-text > [aria-hidden="true"]')].map(
				(token) => token.textContent,
			),
		).toEqual(["France", "Germany"]);

		expect(screen.queryByLabelText("Ship to specific countries")).toBeNull();
		await user.selectOptions(field("Shipping location(s)"), "Ship to specific countries only");
		expect(screen.getByLabelText("Ship to specific countries")).toBeTruthy();

		await user.click(saveButton());
		await waitFor(() => expect(saved()).toHaveLength(1));
		expect(saved()[0]).toEqual([
			{ id: "woocommerce_allowed_countries", value: "specific" },
			{ id: "woocommerce_specific_allowed_countries", value: ["FR", "DE"] },
			{ id: "woocommerce_ship_to_countries", value: "specific" },
		]);
	});
});
