import type { AccountStatus } from "@paydesk/contract/accounts";
import {
	getPaymentSettings,
	type PaymentSettings,
	savePaymentSettings,
	settingsUpdate,
} from "@paydesk/contract/settings";
import { recordTracks } from "@paydesk/contract/tracks";
import { getOptions } from "@paydesk/contract/wp";
import { act, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeArea, removeNotice, useNotices } from "../../app/notices.tsx";
import { TRACKS_GATHER_MS } from "../../app/tracks.ts";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { settingsFixture } from "../../testing/payment-settings.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import FraudProtectionScreen from "./fraud-protection-screen.tsx";

let requests: RecordedRequest[];
let stored: PaymentSettings;
let countries: Record<string, unknown>;

function accountStatus(fraud: AccountStatus["fraudProtection"]): AccountStatus {
	return {
		id: "acct_1",
		status: "complete",
		isLive: true,
		testMode: false,
		paymentsEnabled: true,
		detailsSubmitted: true,
		deposits: {
			status: "enabled",
			interval: "daily",
			completed_waiting_period: true,
			restrictions: "deposits_unrestricted",
		},
		depositsSchedule: { interval: "daily", delay_days: 7, weekly_anchor: null, monthly_anchor: null },
		depositsBlocked: false,
		defaultExternalAccounts: [],
		currentDeadline: null,
		pastDue: false,
		accountLink: "/sandbox-partner/account",
		requirements: { errors: [] },
		created: "2025-01-01T00:00:00.000Z",
		country: "US",
		defaultCurrency: "usd",
		hasSubmittedVatData: false,
		progressiveOnboarding: { isEnabled: false, isComplete: true, tpv: 0, firstTransactionDate: null },
		fraudProtection: fraud,
		safeMode: false,
		campaigns: { wporg_review_2025: true },
	};
}

function setup(
	options: { review?: boolean; cvc?: boolean; loadFails?: boolean; currency?: string; tracks?: boolean } = {},
) {
	const base = testSettings();
	testSettings({
		tracksEnabled: options.tracks ?? false,
		storeCurrency: options.currency ?? base.storeCurrency,
		accountStatus: accountStatus({ declineOnAVSFailure: false, declineOnCVCFailure: options.cvc ?? true }),
		featureFlags: { ...base.featureFlags, isFRTReviewFeatureActive: options.review ?? true },
	});
	requests = stubApi(
		on(getOptions).reply(() => countries),
		on(getPaymentSettings).reply(() =>
			options.loadFails ? restError(500, "internal_server_error", "boom") : stored,
		),
		on(savePaymentSettings).reply(({ body }) => {
			stored = { ...stored, ...settingsUpdate.parse(body) };
			return { data: stored };
		}),
		on(recordTracks).reply(({ body }) => ({ recorded: body.events.length })),
	);
	renderWithQueryClient(
		<>
			<FraudProtectionScreen />
			<NoticeArea />
		</>,
	);
	return userEvent.setup();
}

const card = (title: string) =>
	screen.getByRole("heading", { name: title }).closest(".paydesk-fraud-card") as HTMLElement;
const NOTICE = ".components-notice__content";
const SNACKBAR = ".components-snackbar__content";
const saves = () => requests.filter((request) => request.route === savePaymentSettings);

beforeEach(() => {
	stored = settingsFixture();
	countries = {
		woocommerce_allowed_countries: "specific",
		woocommerce_specific_allowed_countries: ["US", "CA"],
	};
});
afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
	// Notices live in a module-wide store: clear them so one test's notice is not the next one's.
	const { result, unmount } = renderHook(() => useNotices());
	for (const notice of result.current) removeNotice(notice.id);
	unmount();
});

describe("advanced fraud protection page (spec 3 §2.7)", () => {
	it('shows the notice and the seven cards in the spec\'s order, the first titled exactly "AVS mismatch", Save disabled until something changes', async () => {
		setup();
		await screen.findByRole("heading", { name: "AVS mismatch" });
		expect(
			screen.getByText("At least one risk filter needs to be enabled for advanced protection.", {
				selector: NOTICE,
			}),
		).toBeTruthy();
		const titles = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
		expect(titles).toEqual([
			"AVS mismatch",
			"International IP Address",
			"IP Address Mismatch",
			"Address Mismatch",
			"Purchase Price Threshold",
			"Order Items Threshold",
			"CVC Verification",
		]);
		const buttons = screen.getAllByRole("button", { name: "Save Changes" });
		expect(buttons).toHaveLength(2);
		expect(buttons.every((button) => button.getAttribute("aria-disabled") === "true")).toBe(true);
	});

	it("refuses a maximum price below the minimum with the spec's messages, then saves the fixed range as rules", async () => {
		const user = setup();
		await screen.findByRole("heading", { name: "Purchase Price Threshold" });
		await user.click(
			within(card("Purchase Price Threshold")).getByRole("checkbox", { name: "Enable filtering" }),
		);
		expect(screen.getByText("A price range must be set for this filter to take effect.")).toBeTruthy();
		await user.type(screen.getByLabelText("Minimum purchase price"), "100");
		await user.type(screen.getByLabelText("Maximum purchase price"), "5a0");
		expect((screen.getByLabelText("Maximum purchase price") as HTMLInputElement).value).toBe("50");
		expect(screen.getByRole("alert").textContent).toBe(
			"Maximum purchase price must be greater than the minimum purchase price.",
		);
		const [headerSave] = screen.getAllByRole("button", { name: "Save Changes" });
		await user.click(headerSave as HTMLElement);
		expect(
			screen.getByText(
				"Settings were not saved. Maximum purchase price must be greater than the minimum purchase price.",
				{ selector: NOTICE },
			),
		).toBeTruthy();
		expect(saves()).toHaveLength(0);

		await user.clear(screen.getByLabelText("Maximum purchase price"));
		await user.type(screen.getByLabelText("Maximum purchase price"), "500.50");
		await user.click(
			within(card("Purchase Price Threshold")).getByRole("radio", { name: "Authorize and hold for review" }),
		);
		await user.click(headerSave as HTMLElement);
		await waitFor(() => expect(saves()).toHaveLength(1));
		expect(saves()[0]?.body).toEqual({
			current_protection_level: "advanced",
			advanced_fraud_protection_settings: [
				{
					key: "purchase_price_threshold",
					outcome: "review",
					check: {
						operator: "or",
						checks: [
							{ key: "order_total", operator: "less_than", value: "10000|usd" },
							{ key: "order_total", operator: "greater_than", value: "50050|usd" },
						],
					},
				},
			],
		});
		expect(
			await screen.findByText('Current protection level is set to "advanced".', { selector: SNACKBAR }),
		).toBeTruthy();
	});

	it("refuses an amount with more decimals than the store currency has, inline and on save, instead of reading no limit", async () => {
		const user = setup();
		await screen.findByRole("heading", { name: "Purchase Price Threshold" });
		await user.click(
			within(card("Purchase Price Threshold")).getByRole("checkbox", { name: "Enable filtering" }),
		);
		const minimum = screen.getByLabelText("Minimum purchase price");
		await user.type(minimum, "10.005");
		expect(screen.getByRole("alert").textContent).toBe("USD amounts have at most 2 decimal places.");
		expect(minimum.getAttribute("aria-invalid")).toBe("true");
		await user.type(screen.getByLabelText("Maximum purchase price"), "500");
		await user.click(screen.getAllByRole("button", { name: "Save Changes" })[0] as HTMLElement);
		expect(
			screen.getByText("Settings were not saved. USD amounts have at most 2 decimal places.", {
				selector: NOTICE,
			}),
		).toBeTruthy();
		expect(saves()).toHaveLength(0);

		await user.type(minimum, "{Backspace}");
		expect(screen.queryByRole("alert")).toBeNull();
		await user.click(screen.getAllByRole("button", { name: "Save Changes" })[0] as HTMLElement);
		await waitFor(() => expect(saves()).toHaveLength(1));
		expect(JSON.stringify(saves()[0]?.body)).toContain('"value":"1000|usd"');
	});

	it("refuses any decimal for a zero-decimal store currency (10.5 for JPY)", async () => {
		const user = setup({ currency: "jpy" });
		await screen.findByRole("heading", { name: "Purchase Price Threshold" });
		await user.click(
			within(card("Purchase Price Threshold")).getByRole("checkbox", { name: "Enable filtering" }),
		);
		await user.type(screen.getByLabelText("Maximum purchase price"), "10.5");
		expect(screen.getByRole("alert").textContent).toBe("JPY amounts have no decimal places.");
	});

	it("switching the filter off leaves nothing refused", async () => {
		const user = setup();
		await screen.findByRole("heading", { name: "Purchase Price Threshold" });
		const toggle = within(card("Purchase Price Threshold")).getByRole("checkbox", {
			name: "Enable filtering",
		});
		await user.click(toggle);
		await user.type(screen.getByLabelText("Minimum purchase price"), "10.005");
		await user.click(toggle);
		await user.click(within(card("Address Mismatch")).getByRole("checkbox", { name: "Enable filtering" }));
		await user.click(screen.getAllByRole("button", { name: "Save Changes" })[0] as HTMLElement);
		await waitFor(() => expect(saves()).toHaveLength(1));
	});

	it.each([
		["off", "eur", "$"],
		["on", "eur", "€"],
		["on", "usd", "$"],
	])(
		"with multi-currency %s and the store currency %s, the amounts are prefixed %s: default $ unless multi-currency is on (spec 3 §9)",
		async (multiCurrency, currency, symbol) => {
			stored = settingsFixture({ is_multi_currency_enabled: multiCurrency === "on" });
			const user = setup({ currency });
			await screen.findByRole("heading", { name: "Purchase Price Threshold" });
			await user.click(
				within(card("Purchase Price Threshold")).getByRole("checkbox", { name: "Enable filtering" }),
			);
			const field = screen.getByLabelText("Minimum purchase price").closest(".paydesk-range-field__input");
			expect(field?.textContent).toBe(symbol);
		},
	);

	it("an enabled item filter needs a range; the item inputs refuse + - . , e", async () => {
		const user = setup();
		await screen.findByRole("heading", { name: "Order Items Threshold" });
		await user.click(
			within(card("Order Items Threshold")).getByRole("checkbox", { name: "Enable filtering" }),
		);
		expect(screen.getByText("An item range must be set for this filter to take effect.")).toBeTruthy();
		await user.type(screen.getByLabelText("Minimum items per order"), "-1e.5");
		expect((screen.getByLabelText("Minimum items per order") as HTMLInputElement).value).toBe("15");
		await user.clear(screen.getByLabelText("Minimum items per order"));
		await user.click(screen.getAllByRole("button", { name: "Save Changes" })[0] as HTMLElement);
		expect(
			screen.getByText(
				'Settings were not saved. An item range must be set for the "Order Item Threshold" filter.',
				{
					selector: NOTICE,
				},
			),
		).toBeTruthy();
	});

	it("saving with no filter on is refused while basic", async () => {
		stored = settingsFixture({
			current_protection_level: "basic",
			advanced_fraud_protection_settings: [
				{
					key: "address_mismatch",
					outcome: "block",
					check: { key: "billing_shipping_address_same", operator: "equals", value: false },
				},
			],
		});
		const user = setup();
		await screen.findByRole("heading", { name: "Address Mismatch" });
		await user.click(within(card("Address Mismatch")).getByRole("checkbox", { name: "Enable filtering" }));
		await user.click(screen.getAllByRole("button", { name: "Save Changes" })[0] as HTMLElement);
		expect(
			await screen.findByText("At least one risk filter needs to be enabled for advanced protection.", {
				selector: SNACKBAR,
			}),
		).toBeTruthy();
		expect(saves()).toHaveLength(0);
	});

	it("without the review feature the action is not offered and saved rules block", async () => {
		stored = settingsFixture({
			current_protection_level: "advanced",
			advanced_fraud_protection_settings: [
				{
					key: "address_mismatch",
					outcome: "review",
					check: { key: "billing_shipping_address_same", operator: "equals", value: false },
				},
			],
		});
		setup({ review: false });
		await screen.findByRole("heading", { name: "Address Mismatch" });
		expect(
			within(card("Address Mismatch")).getByRole("checkbox", { name: "Enable filtering" }),
		).toHaveProperty("checked", true);
		expect(screen.queryByRole("radio", { name: "Authorize and hold for review" })).toBeNull();
	});

	it("international IP is disabled when selling to all countries; CVC follows declineOnCVCFailure", async () => {
		countries = { woocommerce_allowed_countries: false };
		setup({ cvc: true });
		await screen.findByRole("heading", { name: "International IP Address" });
		const ip = within(card("International IP Address")).getByRole("checkbox", { name: "Enable filtering" });
		expect(ip).toHaveProperty("disabled", true);
		const cvc = within(card("CVC Verification")).getByRole("checkbox", { name: "Enable filtering" });
		expect(cvc).toHaveProperty("checked", true);
		expect(cvc).toHaveProperty("disabled", true);
		expect(screen.getByText(/this filter is enabled and cannot be modified/)).toBeTruthy();
	});

	it("leaving with unsaved changes asks first, with the spec's text", async () => {
		const user = setup();
		await screen.findByRole("heading", { name: "Address Mismatch" });
		const confirm = vi.fn(() => false);
		vi.stubGlobal("confirm", confirm);
		await user.click(within(card("Address Mismatch")).getByRole("checkbox", { name: "Enable filtering" }));
		await user.click(screen.getByRole("link", { name: "Back to Payments Settings" }));
		expect(confirm).toHaveBeenCalledWith(
			"There are unsaved changes on this page. Are you sure you want to leave and discard the unsaved changes?",
		);
		expect(window.location.search).toBe("");
	});

	it("a load error shows the spec's notice and keeps saving off", async () => {
		setup({ loadFails: true });
		expect(
			await screen.findByText(
				"There was an error retrieving your fraud protection settings. Please refresh the page to try again.",
				{ selector: NOTICE },
				{ timeout: 4000 },
			),
		).toBeTruthy();
		expect(screen.getAllByRole("button", { name: "Save Changes" })[0]?.getAttribute("aria-disabled")).toBe(
			"true",
		);
	});
});

describe("the fraud protection page's usage events (spec 2 §7)", () => {
	/** The usage events sent, once what has gathered is sent. */
	async function trackedEvents() {
		act(() => vi.advanceTimersByTime(TRACKS_GATHER_MS));
		await waitFor(() => expect(requests.some((request) => request.route === recordTracks)).toBe(true));
		return requests
			.filter((request) => request.route === recordTracks)
			.flatMap((request) => (request.body as { events: { name: string; properties: object }[] }).events);
	}

	/** An IntersectionObserver the test drives: `show(id)` brings that element into view. */
	function observeByHand() {
		const observers: { callback: IntersectionObserverCallback; targets: Set<Element> }[] = [];
		vi.stubGlobal(
			"IntersectionObserver",
			class {
				private readonly entry: (typeof observers)[number];
				constructor(callback: IntersectionObserverCallback) {
					this.entry = { callback, targets: new Set() };
					observers.push(this.entry);
				}
				observe(target: Element) {
					this.entry.targets.add(target);
				}
				unobserve(target: Element) {
					this.entry.targets.delete(target);
				}
				disconnect() {
					this.entry.targets.clear();
				}
			},
		);
		return (id: string) =>
			act(() => {
				for (const { callback, targets } of observers) {
					const target = [...targets].find((element) => element.id === id);
					if (target)
						callback(
							[{ target, isIntersecting: true } as unknown as IntersectionObserverEntry],
							{} as IntersectionObserver,
						);
				}
			});
	}

	it("records each card the first time it comes into view, once per visit", async () => {
		vi.useFakeTimers({ shouldAdvanceTime: true });
		const show = observeByHand();
		setup({ tracks: true });
		await screen.findByRole("heading", { name: "AVS mismatch" });
		show("fraud-filter-avs_verification");
		show("fraud-filter-cvc_verification");
		show("fraud-filter-avs_verification");
		expect(await trackedEvents()).toEqual([
			{ name: "wcpay_fraud_protection_card_viewed", properties: { card: "avs_verification" } },
			{ name: "wcpay_fraud_protection_card_viewed", properties: { card: "cvc_verification" } },
		]);
	});

	it("records a successful save with the level and each filter's state, never its amounts or countries", async () => {
		vi.useFakeTimers({ shouldAdvanceTime: true });
		const user = setup({ tracks: true });
		await screen.findByRole("heading", { name: "Purchase Price Threshold" });
		await user.click(within(card("AVS mismatch")).getByRole("checkbox", { name: "Enable filtering" }));
		await user.click(
			within(card("Purchase Price Threshold")).getByRole("checkbox", { name: "Enable filtering" }),
		);
		await user.type(screen.getByLabelText("Minimum purchase price"), "100");
		await user.click(
			within(card("Purchase Price Threshold")).getByRole("radio", { name: "Authorize and hold for review" }),
		);
		await user.click(screen.getAllByRole("button", { name: "Save Changes" })[0] as HTMLElement);
		await waitFor(() => expect(saves()).toHaveLength(1));
		const saved = (await trackedEvents()).filter(
			(event) => event.name === "wcpay_fraud_protection_rules_saved",
		);
		expect(saved).toEqual([
			{
				name: "wcpay_fraud_protection_rules_saved",
				properties: {
					protection_level: "advanced",
					avs_verification: "block",
					address_mismatch: "off",
					international_ip_address: "off",
					ip_address_mismatch: "off",
					order_items_threshold: "off",
					purchase_price_threshold: "review",
				},
			},
		]);
	});

	it("sends nothing while the store does not allow usage tracking", async () => {
		vi.useFakeTimers({ shouldAdvanceTime: true });
		const show = observeByHand();
		const user = setup();
		await screen.findByRole("heading", { name: "AVS mismatch" });
		show("fraud-filter-avs_verification");
		await user.click(within(card("AVS mismatch")).getByRole("checkbox", { name: "Enable filtering" }));
		await user.click(screen.getAllByRole("button", { name: "Save Changes" })[0] as HTMLElement);
		await waitFor(() => expect(saves()).toHaveLength(1));
		act(() => vi.advanceTimersByTime(TRACKS_GATHER_MS));
		expect(requests.filter((request) => request.route === recordTracks)).toEqual([]);
	});
});
