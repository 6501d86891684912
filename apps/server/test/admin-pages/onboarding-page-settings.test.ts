/** The connect page's page settings (spec 1 §3): what the server inlines for an unconnected store. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVAILABLE_COUNTRIES, buildPageSettings } from "../../src/admin-pages/page-settings.ts";
import { setOnboardingError } from "../../src/processors/sandbox/onboarding.ts";
import { createTestApp, type TestApp } from "../../src/testing/test-app.ts";
import { writeOptions } from "../../src/wp/queries.ts";
import { insertUnconnectedAccount } from "../support/onboarding-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertUnconnectedAccount(db.kysely, "acct_settings")),
	});
});
afterAll(async () => t.close());

async function settings() {
	const admin = await t.actor("administrator", "acct_settings");
	return buildPageSettings(
		t.db.kysely,
		{ dataDir: "", adminDist: "", secureCookies: false, productName: "Paydesk", publicUrl: "" },
		admin.user,
		{
			nonceSecret: "secret",
			now: t.clock.seconds(),
		},
	);
}

describe("connect page settings", () => {
	it("gives a connect URL with its nonce, and an unconnected, invalid account", async () => {
		const value = await settings();
		expect(value.connectUrl).toMatch(
			/^\/wp-admin\/admin\.php\?page=wc-admin&path=\/payments\/connect&wcpay-connect=1&_wpnonce=[0-9a-f]{10}$/,
		);
		expect(value).toMatchObject({
			isJetpackConnected: true,
			isAccountConnected: false,
			isAccountValid: false,
			accountStatus: null,
			errorMessage: "",
			onBoardingDisabled: false,
			connectIncentive: null,
		});
	});

	it("gives business types with structures for every available country, Puerto Rico included", async () => {
		const { onboardingFieldsData } = await settings();
		expect(onboardingFieldsData.business_types.map((country) => country.key).sort()).toEqual(
			Object.keys(AVAILABLE_COUNTRIES).sort(),
		);
		for (const country of onboardingFieldsData.business_types) {
			expect(
				country.types.some((type) => type.key === "company" && type.structures.length > 0),
				country.key,
			).toBe(true);
		}
		expect(onboardingFieldsData.mccs_display_tree.length).toBeGreaterThan(3);
		expect(Object.keys(onboardingFieldsData.industry_to_mcc).length).toBeGreaterThan(3);
	});

	it("reads the incentive, the pause and the platform connection from options", async () => {
		await writeOptions(t.db.kysely, "acct_settings", {
			wcpay_connect_incentive: {
				id: "promo_1",
				description: "<p>No fees</p>",
				tc_url: "https://example.com/tc",
			},
			wcpay_onboarding_disabled: true,
			wcpay_jetpack_disconnected: true,
		});
		expect(await settings()).toMatchObject({
			connectIncentive: { id: "promo_1", description: "<p>No fees</p>", tc_url: "https://example.com/tc" },
			onBoardingDisabled: true,
			isJetpackConnected: false,
		});
	});

	it("sends the incentive's description with only the allowed tags, and no unsafe terms link (spec 1 §5)", async () => {
		await writeOptions(t.db.kysely, "acct_settings", {
			wcpay_connect_incentive: {
				id: "promo_2",
				description:
					'<p onclick="steal()">No <u>fees</u><script>steal()</script> <a href="javascript:steal()">now</a></p>',
				tc_url: "javascript:steal()",
			},
		});
		expect((await settings()).connectIncentive).toEqual({
			id: "promo_2",
			description: "<p>No fees <a>now</a></p>",
			tc_url: "",
		});
	});

	it("shows a recorded onboarding error as errorMessage until it expires", async () => {
		await setOnboardingError(t.db, "acct_settings", {
			message: "Too many account setup sessions.",
			until: t.clock.seconds() + 60,
		});
		expect((await settings()).errorMessage).toBe("Too many account setup sessions.");
		t.clock.advance(61);
		expect((await settings()).errorMessage).toBe("");
	});
});
