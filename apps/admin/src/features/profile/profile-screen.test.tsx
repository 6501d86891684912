/**
 * The user's Profile, where each user picks the language the admin speaks to them: their own
 * language, Site Default ("" follows the store's) or one of the store's languages, saved with
 * POST /wp/v2/users/me { locale }; after the reload the page says "Profile updated.", and a
 * refused language is named next to the field.
 */
import { getTwoFactorStatus } from "@paydesk/contract/two-factor";
import { listUserSessions } from "@paydesk/contract/user-sessions";
import { type CurrentUser, getCurrentUser, updateCurrentUser } from "@paydesk/contract/wp";
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
import ProfileScreen from "./profile-screen.tsx";

vi.mock("../../components/wp-options-form/saved-reload.ts", async (importOriginal) => ({
	...(await importOriginal<typeof import("../../components/wp-options-form/saved-reload.ts")>()),
	reloadWithFlag: vi.fn(),
}));

let me: CurrentUser;
let refuse: ErrorReply | null;
let answerLoad: (() => Answer<typeof getCurrentUser> | Promise<CurrentUser>) | null;
let requests: RecordedRequest[];

beforeEach(() => {
	testSettings({ user: { ...testSettings().user, roles: ["shop_manager"] } });
	vi.mocked(reloadWithFlag).mockReset();
	refuse = null;
	answerLoad = null;
	me = {
		id: 2,
		username: "sam",
		name: "Sam Manager",
		first_name: "Sam",
		last_name: "Manager",
		email: "sam@example.com",
		roles: ["shop_manager"],
		capabilities: { manage_woocommerce: true, read: true },
		locale: "",
		meta: {},
	};
	requests = stubApi(
		// The sections below Personal Options (profile-security.test.tsx tests them).
		on(getTwoFactorStatus).reply(() => ({
			enabled: false,
			enabled_at: null,
			required: false,
			backup_codes_remaining: 0,
		})),
		on(listUserSessions).reply(() => ({ sessions: [] })),
		on(getCurrentUser).reply(() => (answerLoad ? answerLoad() : me)),
		on(updateCurrentUser).reply(({ body }) => {
			if (refuse) return refuse;
			me = { ...me, ...body };
			return me;
		}),
	);
});
afterEach(() => clearNotices());

function renderScreen() {
	renderWithQueryClient(
		<>
			<ProfileScreen />
			<NoticeProbe />
		</>,
	);
	return userEvent.setup();
}

const language = () => screen.getByLabelText("Language") as HTMLSelectElement;
const posted = () => requests.filter((request) => request.method === "POST").map((request) => request.body);
const notices = () => within(screen.getByRole("list", { name: "notices" }));

describe("the profile's language", () => {
	it("says it is loading, then shows the user's choice among Site Default and the four languages", async () => {
		const load = deferred<CurrentUser>();
		answerLoad = () => load.promise;
		renderScreen();
		expect(screen.getByRole("status").textContent).toContain("Loading profile…");
		load.resolve({ ...me, locale: "de_CH" });
		await screen.findByLabelText("Language");
		expect(language().value).toBe("de_CH");
		expect([...language().options].map((option) => [option.value, option.textContent])).toEqual([
			["", "Site Default"],
			["en_US", "English (United States)"],
			["fr_FR", "Français"],
			["de_DE", "Deutsch"],
			["de_CH", "Deutsch (Schweiz)"],
		]);
		expect(language().options[2]?.getAttribute("lang")).toBe("fr-FR");
	});

	it("saves the choice with 'Update Profile', then reloads the page to say 'Profile updated.'", async () => {
		const user = renderScreen();
		await user.selectOptions(await screen.findByLabelText("Language"), "Français");
		await user.click(screen.getByRole("button", { name: "Update Profile" }));
		await waitFor(() => expect(reloadWithFlag).toHaveBeenCalledWith("updated", "1"));
		expect(posted()).toEqual([{ locale: "fr_FR" }]);
	});

	it("Site Default is sent as an empty locale, so the store's language applies again", async () => {
		me = { ...me, locale: "fr_FR" };
		const user = renderScreen();
		await user.selectOptions(await screen.findByLabelText("Language"), "Site Default");
		await user.click(screen.getByRole("button", { name: "Update Profile" }));
		await waitFor(() => expect(posted()).toEqual([{ locale: "" }]));
	});

	it("after the reload says 'Profile updated.' and takes the flag out of the URL", async () => {
		window.history.replaceState(null, "", "/wp-admin/profile.php?updated=1");
		renderScreen();
		expect(await notices().findByText("Profile updated.")).toBeTruthy();
		expect(window.location.search).toBe("");
	});

	it("a refused language is named next to the field, which gets the focus, and in an error notice", async () => {
		refuse = restError(400, "rest_invalid_param", "Invalid parameter(s): locale", {
			params: { locale: 'locale must be "" or one of en_US, fr_FR, de_DE, de_CH' },
		});
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Update Profile" }));
		await waitFor(() => expect(language().getAttribute("aria-invalid")).toBe("true"));
		const help = document.getElementById(language().getAttribute("aria-describedby") ?? "");
		expect(help?.textContent).toContain('Language must be "" or one of en_US, fr_FR, de_DE, de_CH');
		expect(document.activeElement).toBe(language());
		expect(
			notices().getByText('Error updating profile. Language must be "" or one of en_US, fr_FR, de_DE, de_CH'),
		).toBeTruthy();
		expect(reloadWithFlag).not.toHaveBeenCalled();
	});

	it("says 'Error retrieving user.' when the profile cannot be read", async () => {
		answerLoad = () => restError(401, "rest_not_logged_in", "You are not currently logged in.");
		renderScreen();
		expect(
			await screen.findByText("Error retrieving user.", { selector: ".components-notice__content" }),
		).toBeTruthy();
	});

	it("is used with the keyboard: the select, then the button, which Enter presses", async () => {
		const user = renderScreen();
		await screen.findByLabelText("Language");
		await user.tab();
		expect(document.activeElement).toBe(language());
		await user.tab();
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Update Profile" }));
		await user.keyboard("{Enter}");
		await waitFor(() => expect(posted()).toEqual([{ locale: "" }]));
	});
});
