/**
 * A payments viewer (payments_viewer) reads the payments settings but changes none: a short
 * notice says so, every control of the page is disabled, Save Changes is disabled with the
 * reason beside it, links to what changes the account (adding payment methods, the setup wizard,
 * a test payment) are left out, and trying anyway sends nothing. An administrator's page has
 * the same controls enabled.
 */
import { getPaymentSettings, savePaymentSettings } from "@paydesk/contract/settings";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { settingsFixture } from "../../testing/payment-settings.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import SettingsScreen from "./settings-screen.tsx";

const READ_ONLY_NOTICE = "You can view these settings, but your role cannot change them.";

async function open(role: "payments_viewer" | "administrator"): Promise<RecordedRequest[]> {
	testSettings({ user: { ...testSettings().user, roles: [role] } });
	const requests = stubApi(
		on(getPaymentSettings).reply(() => settingsFixture()),
		on(savePaymentSettings).reply(() => ({ data: settingsFixture() })),
	);
	renderWithQueryClient(<SettingsScreen />);
	await screen.findByRole("heading", { name: "Payments settings" });
	return requests;
}

/** Whether a control can be used: not disabled itself, nor by a disabled fieldset around it. */
function usable(control: Element): boolean {
	return (
		!control.matches(":disabled") &&
		control.closest("fieldset:disabled") === null &&
		control.getAttribute("aria-disabled") !== "true"
	);
}

const controls = () => [...document.querySelectorAll("input, select, textarea, button")];
const saveButton = () => screen.getByRole("button", { name: "Save Changes" });

describe("a payments viewer on the payments settings", () => {
	it("reads every setting, and can use none of the page's controls", async () => {
		await open("payments_viewer");
		// The notice is also spoken, so its text is on the page twice.
		expect(screen.getAllByText(READ_ONLY_NOTICE).length).toBeGreaterThan(0);
		expect(screen.getByRole("checkbox", { name: "Enable test mode" })).toBeTruthy();
		expect(screen.getByLabelText("Customer bank statement")).toMatchObject({ value: "PAYDESK DEMO STORE" });
		expect(controls().length).toBeGreaterThan(20);
		expect(controls().filter(usable)).toEqual([]);
	});

	it("has Save Changes disabled, with the reason beside it", async () => {
		await open("payments_viewer");
		expect(usable(saveButton())).toBe(false);
		const reason = document.getElementById(saveButton().getAttribute("aria-describedby") ?? "");
		expect(reason?.textContent).toBe("Your role can view payments but not change them.");
	});

	it("is not offered what changes the account: adding methods, the setup wizard, a test payment", async () => {
		await open("payments_viewer");
		for (const name of ["Add payment methods", "Set up multiple currencies", "Make a test payment"]) {
			expect(screen.queryByRole("link", { name }), name).toBeNull();
		}
		// Reading on is fine: the other settings pages are the viewer's to read too.
		expect(screen.getByRole("link", { name: "Multi-currency settings" })).toBeTruthy();
	});

	it("changes nothing when it tries: a click on a setting and on Save sends no request", async () => {
		const requests = await open("payments_viewer");
		const user = userEvent.setup();
		const testMode = screen.getByRole("checkbox", { name: "Enable test mode" }) as HTMLInputElement;
		const before = testMode.checked;
		await user.click(testMode);
		await user.click(saveButton());
		expect(testMode.checked).toBe(before);
		expect(requests.filter((request) => request.route === savePaymentSettings)).toEqual([]);
	});
});

describe("an administrator on the same page", () => {
	it("can use its controls, without the read-only notice", async () => {
		await open("administrator");
		expect(screen.queryAllByText(READ_ONLY_NOTICE)).toEqual([]);
		expect(usable(screen.getByRole("checkbox", { name: "Enable test mode" }))).toBe(true);
		expect(controls().filter(usable).length).toBeGreaterThan(20);
		expect(screen.getByRole("link", { name: "Add payment methods" })).toBeTruthy();
	});
});
