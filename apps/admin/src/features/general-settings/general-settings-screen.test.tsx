/**
 * WordPress's General Settings page, where the site's language is set: the store's settings
 * loaded into a form, saved whole with "Save Changes", after which the page reloads and says
 * "Settings saved."; a field the server refuses is named next to the field with the server's
 * message.
 */
import { getSiteSettings, type SiteSettings, updateSiteSettings } from "@paydesk/contract/site-settings";
import { formatDate } from "@paydesk/domain/dates";
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
import GeneralSettingsScreen from "./general-settings-screen.tsx";
import { manualOffsets, timeZoneGroups } from "./time-zone-select.tsx";

// user-event walks a radio group with CSS.escape, which jsdom lacks.
globalThis.CSS ??= { escape: (value: string) => value.replace(/["\\]/g, "\\$&") } as typeof CSS;

vi.mock("../../components/wp-options-form/saved-reload.ts", async (importOriginal) => ({
	...(await importOriginal<typeof import("../../components/wp-options-form/saved-reload.ts")>()),
	reloadWithFlag: vi.fn(),
}));

let stored: SiteSettings;
let refuse: ErrorReply | null;
let answerLoad: (() => Answer<typeof getSiteSettings> | Promise<SiteSettings>) | null;
let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
	vi.mocked(reloadWithFlag).mockReset();
	refuse = null;
	answerLoad = null;
	stored = {
		title: "Paydesk Demo Store",
		description: "Candles and soaps",
		timezone: "Europe/Paris",
		date_format: "F j, Y",
		time_format: "g:i a",
		start_of_week: 1,
		language: "",
		two_factor_required_roles: [],
	};
	requests = stubApi(
		on(getSiteSettings).reply(() => (answerLoad ? answerLoad() : stored)),
		on(updateSiteSettings).reply(({ body }) => {
			if (refuse) return refuse;
			stored = { ...stored, ...body };
			return stored;
		}),
	);
});
afterEach(() => clearNotices());

function renderScreen() {
	renderWithQueryClient(
		<>
			<GeneralSettingsScreen />
			<NoticeProbe />
		</>,
	);
	return userEvent.setup();
}

const posted = () => requests.filter((request) => request.method === "POST").map((request) => request.body);
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLSelectElement;
const dateFormats = () => within(screen.getByRole("group", { name: "Date Format" }));
const notices = () => within(screen.getByRole("list", { name: "notices" }));

describe("loading", () => {
	it("says it is loading, then shows the store's settings in WordPress's fields", async () => {
		const load = deferred<SiteSettings>();
		answerLoad = () => load.promise;
		renderScreen();
		expect(screen.getByRole("status").textContent).toContain("Loading settings…");
		load.resolve(stored);
		expect(((await screen.findByLabelText("Site Title")) as HTMLInputElement).value).toBe(
			"Paydesk Demo Store",
		);
		expect(field("Tagline").value).toBe("Candles and soaps");
		expect(field("Site Language").value).toBe("");
		expect((field("Site Language") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
			"English (United States)",
		);
		expect(field("Timezone").value).toBe("Europe/Paris");
		expect(field("Week Starts On").value).toBe("1");
		expect(dateFormats().getByRole("radio", { name: /F j, Y/ })).toHaveProperty("checked", true);
		expect(field("Custom date format:").value).toBe("F j, Y");
	});

	it("shows each preset as the present moment looks in it, in the store's time zone", async () => {
		renderScreen();
		const now = Math.floor(Date.now() / 1000);
		const iso = await screen.findByRole("radio", { name: /Y-m-d/ });
		expect(iso.closest("label")?.textContent).toBe(`${formatDate("Y-m-d", now, "Europe/Paris")} Y-m-d`);
		const times = within(screen.getByRole("group", { name: "Time Format" }));
		expect(
			times.getAllByRole("radio").map((radio) => radio.closest("label")?.querySelector("code")?.textContent),
		).toEqual(["g:i a", "g:i A", "H:i", undefined]);
	});

	it("keeps a custom format and a UTC offset the presets and the zone list lack", async () => {
		stored = { ...stored, date_format: "j F Y", timezone: "+02:00", language: "en_US" };
		renderScreen();
		const custom = await screen.findByRole("radio", { name: /Custom: enter a custom date format/ });
		expect(custom).toHaveProperty("checked", true);
		expect(field("Custom date format:").value).toBe("j F Y");
		expect(field("Timezone").value).toBe("+02:00");
		expect(field("Site Language").value).toBe("");
	});

	it("says 'Error retrieving settings.' when they cannot be read", async () => {
		answerLoad = () => restError(403, "rest_forbidden", "Sorry, you are not allowed to do that.");
		renderScreen();
		const notice = await screen.findByText("Error retrieving settings.", {
			selector: ".components-notice__content",
		});
		expect(notice).toBeTruthy();
	});
});

describe("saving", () => {
	it("sends every field with 'Save Changes', then reloads the page to say 'Settings saved.'", async () => {
		const user = renderScreen();
		await user.clear(await screen.findByLabelText("Site Title"));
		await user.type(field("Site Title"), "Boutique Léa");
		await user.click(dateFormats().getByRole("radio", { name: /Y-m-d/ }));
		await user.selectOptions(field("Site Language"), "Français");
		await user.selectOptions(field("Timezone"), "America/New_York");
		await user.selectOptions(field("Week Starts On"), "Sunday");
		await user.click(screen.getByRole("button", { name: "Save Changes" }));
		await waitFor(() => expect(reloadWithFlag).toHaveBeenCalledWith("settings-updated", "true"));
		expect(posted()).toEqual([
			{
				title: "Boutique Léa",
				description: "Candles and soaps",
				timezone: "America/New_York",
				date_format: "Y-m-d",
				time_format: "g:i a",
				start_of_week: 0,
				language: "fr_FR",
				two_factor_required_roles: [],
			},
		]);
		expect(screen.getByRole("button", { name: "Save Changes" }).getAttribute("aria-disabled")).toBe("true");
	});

	it("after the reload says 'Settings saved.' once and takes the flag out of the URL", async () => {
		window.history.replaceState(null, "", "/wp-admin/options-general.php?settings-updated=true");
		renderScreen();
		expect(await notices().findByText("Settings saved.")).toBeTruthy();
		expect(window.location.search).toBe("");
	});

	it("a custom format is sent as typed, with its preview", async () => {
		const user = renderScreen();
		const text = await screen.findByLabelText("Custom date format:");
		await user.clear(text);
		await user.type(text, "d.m.Y");
		expect(screen.getByRole("radio", { name: /Custom: enter a custom date format/ })).toHaveProperty(
			"checked",
			true,
		);
		const now = Math.floor(Date.now() / 1000);
		expect(document.getElementById("date_format_preview")?.textContent).toBe(
			`Preview: ${formatDate("d.m.Y", now, "Europe/Paris")}`,
		);
		await user.click(screen.getByRole("button", { name: "Save Changes" }));
		await waitFor(() => expect(posted()).toHaveLength(1));
		expect(posted()[0]).toMatchObject({ date_format: "d.m.Y" });
	});
});

describe("a refused field", () => {
	it("is named next to the field with the server's message, focused, and said in an error notice", async () => {
		refuse = restError(400, "rest_invalid_param", "Invalid parameter(s): date_format", {
			params: { date_format: "date_format must not be empty" },
		});
		const user = renderScreen();
		await user.clear(await screen.findByLabelText("Custom date format:"));
		await user.click(screen.getByRole("button", { name: "Save Changes" }));
		expect(await screen.findByText("Date Format must not be empty", { selector: "p" })).toBeTruthy();
		const text = field("Custom date format:");
		expect(text.getAttribute("aria-invalid")).toBe("true");
		expect(text.getAttribute("aria-describedby")).toContain("date_format_error");
		await waitFor(() => expect(document.activeElement).toBe(text));
		expect(notices().getByText("Error saving settings. Date Format must not be empty")).toBeTruthy();
		expect(reloadWithFlag).not.toHaveBeenCalled();
		expect(screen.getByRole("button", { name: "Save Changes" }).getAttribute("aria-disabled")).toBeNull();

		await user.type(text, "Y");
		expect(screen.queryByText("Date Format must not be empty", { selector: "p" })).toBeNull();
	});

	it("a select's refusal is read with the select, and a refusal without a field is said in the notice", async () => {
		refuse = restError(400, "rest_invalid_param", "Invalid parameter(s): timezone", {
			params: { timezone: 'timezone must be a time zone name such as "Europe/Paris"' },
		});
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Save Changes" }));
		const zone = field("Timezone");
		await waitFor(() => expect(zone.getAttribute("aria-invalid")).toBe("true"));
		const help = document.getElementById(zone.getAttribute("aria-describedby") ?? "");
		expect(help?.textContent).toContain('Timezone must be a time zone name such as "Europe/Paris"');

		refuse = restError(403, "rest_forbidden", "Sorry, you are not allowed to do that.");
		await user.click(screen.getByRole("button", { name: "Save Changes" }));
		expect(
			await notices().findByText("Error saving settings. Sorry, you are not allowed to do that."),
		).toBeTruthy();
	});
});

describe("two-factor sign-in required by role", () => {
	const roles = () => within(screen.getByRole("group", { name: "Require Two-Factor Sign-In" }));

	it("offers the roles that reach the admin, checked as stored, and saves the ones checked", async () => {
		stored = { ...stored, two_factor_required_roles: ["administrator"] };
		const user = renderScreen();
		await screen.findByLabelText("Site Title");
		expect(
			roles()
				.getAllByRole("checkbox")
				.map((box) => [box.closest("label")?.textContent, (box as HTMLInputElement).checked]),
		).toEqual([
			["Administrator", true],
			["Shop manager", false],
			["Payments viewer", false],
		]);
		await user.click(roles().getByRole("checkbox", { name: "Shop manager" }));
		await user.click(roles().getByRole("checkbox", { name: "Administrator" }));
		await user.click(screen.getByRole("button", { name: "Save Changes" }));
		await waitFor(() => expect(posted()).toHaveLength(1));
		expect(posted()[0]).toMatchObject({ two_factor_required_roles: ["shop_manager"] });
	});

	it("a refused role list is said with the checkboxes, which get the focus", async () => {
		refuse = restError(400, "rest_invalid_param", "Invalid parameter(s): two_factor_required_roles", {
			params: { two_factor_required_roles: "two_factor_required_roles names no such role: owner" },
		});
		const user = renderScreen();
		await screen.findByLabelText("Site Title");
		await user.click(screen.getByRole("button", { name: "Save Changes" }));
		const first = roles().getByRole("checkbox", { name: "Administrator" });
		await waitFor(() => expect(document.activeElement).toBe(first));
		const said = document.getElementById(first.getAttribute("aria-describedby") ?? "");
		expect(said?.textContent).toBe("Require Two-Factor Sign-In names no such role: owner");
	});
});

describe("keyboard", () => {
	it("reaches every field in order, picks a format with the arrow keys and saves with Enter", async () => {
		const user = renderScreen();
		await screen.findByLabelText("Site Title");
		const order: (string | null)[] = [];
		await user.click(field("Site Title"));
		for (let step = 0; step < 13; step++) {
			const focused = document.activeElement;
			order.push(focused?.id || focused?.getAttribute("name") || focused?.textContent || null);
			await user.tab();
		}
		expect(order).toEqual([
			"blogname",
			"blogdescription",
			"WPLANG",
			"timezone_string",
			"date_format",
			"date_format_custom",
			"time_format",
			"time_format_custom",
			"start_of_week",
			"two_factor_required_roles",
			"two_factor_required_roles",
			"two_factor_required_roles",
			"Save Changes",
		]);

		const first = dateFormats().getByRole("radio", { name: /F j, Y/ });
		first.focus();
		await user.keyboard("{ArrowDown}");
		expect(dateFormats().getByRole("radio", { name: /Y-m-d/ })).toHaveProperty("checked", true);
		expect(field("Custom date format:").value).toBe("Y-m-d");

		await user.click(field("Tagline"));
		await user.keyboard("{Enter}");
		await waitFor(() => expect(posted()).toHaveLength(1));
		expect(posted()[0]).toMatchObject({ date_format: "Y-m-d" });
	});
});

describe("the time zone list", () => {
	it("offers WordPress's manual offsets, UTC-12 to UTC+14 with its half and quarter hours", () => {
		const offsets = manualOffsets();
		expect(offsets).toHaveLength(55);
		expect(offsets[0]).toEqual({ value: "UTC-12", label: "UTC-12" });
		expect(offsets.at(-1)).toEqual({ value: "UTC+14", label: "UTC+14" });
		expect(offsets).toContainEqual({ value: "UTC+0", label: "UTC+0" });
		expect(offsets).toContainEqual({ value: "UTC-9.5", label: "UTC-9:30" });
		expect(offsets).toContainEqual({ value: "UTC+5.75", label: "UTC+5:45" });
		expect(offsets).toContainEqual({ value: "UTC+12.75", label: "UTC+12:45" });
	});

	it("saves a manual offset as WordPress stores it, and shows the local time in it", async () => {
		const user = renderScreen();
		const zone = await screen.findByLabelText("Timezone");
		const group = zone.querySelector('optgroup[label="Manual Offsets"]');
		expect(group?.querySelector('option[value="UTC+5.5"]')?.textContent).toBe("UTC+5:30");
		await user.selectOptions(zone, "UTC+5:30");
		const now = Math.floor(Date.now() / 1000);
		const help = document.getElementById(zone.getAttribute("aria-describedby") ?? "");
		expect(help?.textContent).toContain(`Local time is ${formatDate("Y-m-d H:i", now, "UTC+5.5")}`);
		await user.click(screen.getByRole("button", { name: "Save Changes" }));
		await waitFor(() => expect(posted()).toHaveLength(1));
		expect(posted()[0]).toMatchObject({ timezone: "UTC+5.5" });
	});

	it("groups zones by region and names cities as WordPress does", () => {
		expect(
			timeZoneGroups(["America/Argentina/Buenos_Aires", "America/New_York", "Europe/Isle_of_Man"]),
		).toEqual([
			[
				"America",
				[
					{ value: "America/Argentina/Buenos_Aires", label: "Argentina - Buenos Aires" },
					{ value: "America/New_York", label: "New York" },
				],
			],
			["Europe", [{ value: "Europe/Isle_of_Man", label: "Isle of Man" }]],
		]);
	});
});
