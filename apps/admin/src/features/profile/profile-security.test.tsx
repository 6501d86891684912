/**
 * The Profile's Two-Factor Options and Account Management, as WordPress and its Two Factor
 * plugin lay them out: setting up an authenticator app shows its QR code and shared secret key,
 * asks for a code, then shows the 10 recovery codes once; with it on, the codes left, new codes,
 * and turning off with a current code (not when the role requires it). A user whose role
 * requires it sees the setup alone, then goes on to the admin. The sessions are listed with
 * their device, and "Log Out Everywhere Else" ends the others; a new password needs the current.
 */
import {
	disableTotp,
	enableTotp,
	generateBackupCodes,
	getTotpKey,
	getTwoFactorStatus,
	type TwoFactorStatus,
} from "@paydesk/contract/two-factor";
import {
	changePassword,
	endOtherSessions,
	listUserSessions,
	type UserSession,
} from "@paydesk/contract/user-sessions";
import { type CurrentUser, getCurrentUser } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveRoute } from "../../app/app.tsx";
import { enabledRoutes } from "../../app/routes.ts";
import { type ErrorReply, on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { continueToAdmin } from "./continue-to-admin.ts";
import ProfileScreen from "./profile-screen.tsx";

vi.mock("./continue-to-admin.ts", () => ({ continueToAdmin: vi.fn() }));

const KEY = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const QR = "data:image/png;base64,iVBORw0KGgo=";
const CODES = [
	"12345678",
	"23456789",
	"34567890",
	"45678901",
	"56789012",
	"67890123",
	"78901234",
	"89012345",
	"90123456",
	"01234567",
];
const OFF: TwoFactorStatus = { enabled: false, enabled_at: null, required: false, backup_codes_remaining: 0 };

let status: TwoFactorStatus;
let sessions: UserSession[];
let refuseCode: ErrorReply | null;
let refusePassword: ErrorReply | null;
let requests: RecordedRequest[];

const me: CurrentUser = {
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

beforeEach(() => {
	testSettings({ user: { ...testSettings().user, roles: ["shop_manager"] }, timezone: "UTC" });
	vi.mocked(continueToAdmin).mockReset();
	status = OFF;
	refuseCode = null;
	refusePassword = null;
	sessions = [
		{
			current: true,
			browser: "Firefox",
			platform: "Windows",
			ip: "203.0.113.7",
			created: 1_794_700_000,
			last_seen: 1_794_754_800,
		},
		{
			current: false,
			browser: "Safari",
			platform: "iOS",
			ip: "198.51.100.23",
			created: 1_794_600_000,
			last_seen: 1_794_740_400,
		},
		{
			current: false,
			browser: "",
			platform: "",
			ip: "192.0.2.1",
			created: 1_794_500_000,
			last_seen: 1_794_500_000,
		},
	];
	requests = stubApi(
		on(getCurrentUser).reply(() => me),
		on(getTwoFactorStatus).reply(() => status),
		on(getTotpKey).reply(() => ({ key: KEY, qr_code_url: QR })),
		on(enableTotp).reply(() => {
			if (refuseCode) return refuseCode;
			status = { ...status, enabled: true, enabled_at: 1_794_754_800 };
			return status;
		}),
		on(generateBackupCodes).reply(() => {
			status = { ...status, backup_codes_remaining: 10 };
			return { codes: CODES };
		}),
		on(disableTotp).reply(() => {
			if (refuseCode) return refuseCode;
			status = OFF;
			return status;
		}),
		on(listUserSessions).reply(() => ({ sessions })),
		on(endOtherSessions).reply(() => {
			const ended = sessions.filter((session) => !session.current).length;
			sessions = sessions.filter((session) => session.current);
			return { ended };
		}),
		on(changePassword).reply(() => {
			if (refusePassword) return refusePassword;
			sessions = sessions.filter((session) => session.current);
			return { ended: 2 };
		}),
	);
});
afterEach(() => clearNotices());

/** The Profile, once its sections are on the page. */
async function renderScreen() {
	renderWithQueryClient(
		<>
			<ProfileScreen />
			<NoticeProbe />
		</>,
	);
	await screen.findByRole("heading", { name: "Two-Factor Options" });
	return userEvent.setup();
}

const twoFactor = () =>
	within(screen.getByRole("heading", { name: "Two-Factor Options" }).parentElement as HTMLElement);
const sent = (method: string) =>
	requests
		.filter((request) => request.method === method && request.route !== null)
		.map((request) => [request.path, request.body]);
const notices = () => within(screen.getByRole("list", { name: "notices" }));

describe("setting up an authenticator app", () => {
	it("shows the QR code and the shared secret key, then a code turns it on and the 10 recovery codes show once", async () => {
		const user = await renderScreen();
		expect(await twoFactor().findByText(/Two-factor sign-in is off/)).toBeTruthy();
		await user.click(twoFactor().getByRole("button", { name: "Set Up Authenticator App" }));

		const qr = (await twoFactor().findByRole("img", {
			name: "Authenticator App QR Code",
		})) as HTMLImageElement;
		expect(qr.src).toBe(QR);
		expect((twoFactor().getByLabelText("Shared secret key") as HTMLInputElement).value).toBe(KEY);
		await user.type(twoFactor().getByLabelText("Authentication code"), "123 456");
		await user.click(twoFactor().getByRole("button", { name: "Verify" }));

		const codes = await twoFactor().findByRole("region", { name: "Recovery Codes" });
		expect(
			within(codes)
				.getAllByRole("listitem")
				.map((item) => item.textContent),
		).toEqual(CODES);
		expect(codes.textContent).toContain("you will not be able to view these codes again");
		expect(sent("POST")).toEqual([
			["/wp-json/two-factor/1.0/totp", { key: KEY, code: "123 456" }],
			["/wp-json/two-factor/1.0/generate-backup-codes", undefined],
		]);
		expect(notices().getByText("Two-factor sign-in is on.")).toBeTruthy();

		await user.click(within(codes).getByRole("button", { name: "Done" }));
		expect(twoFactor().queryByText(CODES[0] ?? "")).toBeNull();
		expect(await twoFactor().findByText(/10 unused recovery codes remaining/)).toBeTruthy();
	});

	it("a refused code is said next to the field, which gets the focus; nothing turns on", async () => {
		refuseCode = restError(400, "invalid_key_code", "Invalid Two Factor Authentication code.", {
			params: { code: "code does not match: enter the code the authenticator app shows now" },
		});
		const user = await renderScreen();
		await user.click(await twoFactor().findByRole("button", { name: "Set Up Authenticator App" }));
		const field = await twoFactor().findByLabelText("Authentication code");
		await user.type(field, "000000");
		await user.click(twoFactor().getByRole("button", { name: "Verify" }));
		await waitFor(() => expect(document.activeElement).toBe(field));
		expect(field.getAttribute("aria-invalid")).toBe("true");
		const help = document.getElementById(field.getAttribute("aria-describedby") ?? "");
		expect(help?.textContent).toContain(
			"Authentication code does not match: enter the code the authenticator app shows now",
		);
		expect(sent("POST").map(([path]) => path)).toEqual(["/wp-json/two-factor/1.0/totp"]);
	});
});

describe("with two-factor sign-in on", () => {
	beforeEach(() => {
		status = { enabled: true, enabled_at: 1_794_000_000, required: false, backup_codes_remaining: 1 };
	});

	it("counts the recovery codes left and makes new ones, shown once", async () => {
		const user = await renderScreen();
		expect(
			await twoFactor().findByText(
				"1 unused recovery code remaining, each recovery code can only be used once.",
			),
		).toBeTruthy();
		await user.click(twoFactor().getByRole("button", { name: "Generate New Recovery Codes" }));
		const codes = await twoFactor().findByRole("region", { name: "Recovery Codes" });
		expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
	});

	it("turns off with a current code, and says a wrong one is wrong", async () => {
		refuseCode = restError(400, "invalid_key_code", "Invalid Two Factor Authentication code.");
		const user = await renderScreen();
		const field = await twoFactor().findByLabelText("Authentication code");
		await user.type(field, "111111");
		await user.click(twoFactor().getByRole("button", { name: "Turn Off Two-Factor" }));
		expect(
			await notices().findByText(
				"Two-factor sign-in was not turned off. Invalid Two Factor Authentication code.",
			),
		).toBeTruthy();
		expect(twoFactor().getByText(/Two-factor sign-in is on/)).toBeTruthy();

		refuseCode = null;
		await user.clear(field);
		await user.type(field, "222222");
		await user.click(twoFactor().getByRole("button", { name: "Turn Off Two-Factor" }));
		expect(await twoFactor().findByRole("button", { name: "Set Up Authenticator App" })).toBeTruthy();
		expect(sent("DELETE")).toEqual([
			["/wp-json/two-factor/1.0/totp", { code: "111111" }],
			["/wp-json/two-factor/1.0/totp", { code: "222222" }],
		]);
	});

	it("stays on when the role requires it: no way to turn it off", async () => {
		status = { ...status, required: true };
		await renderScreen();
		expect(await twoFactor().findByText("Your role requires two-factor sign-in: it stays on.")).toBeTruthy();
		expect(twoFactor().queryByRole("button", { name: "Turn Off Two-Factor" })).toBeNull();
	});
});

describe("a user whose role requires two-factor sign-in, before they set it up", () => {
	it("is sent to their Profile from any other page, whose menu is their Profile alone", () => {
		const settings = testSettings({ twoFactorEnrolmentRequired: true });
		expect(
			resolveRoute(settings, "/wp-admin/admin.php", { page: "wc-admin", path: "/payments/overview" }),
		).toEqual({
			route: null,
			redirect: "/wp-admin/profile.php",
			allowed: true,
		});
		expect(resolveRoute(settings, "/wp-admin/profile.php", {}).route?.path).toBe("user:profile");
		expect(enabledRoutes(settings).map((route) => route.path)).toEqual(["user:profile"]);
		expect(
			resolveRoute(testSettings(), "/wp-admin/admin.php", { page: "wc-admin", path: "/payments/overview" })
				.redirect,
		).toBeNull();
	});

	it("sees the setup alone, and goes on to the admin once the recovery codes are saved", async () => {
		testSettings({
			user: { ...testSettings().user, roles: ["shop_manager"] },
			twoFactorEnrolmentRequired: true,
		});
		status = { ...OFF, required: true };
		const user = await renderScreen();
		expect(
			screen.getByText(/Your role requires two-factor sign-in\. Set up an authenticator app/, {
				selector: ".components-notice__content",
			}),
		).toBeTruthy();
		expect(screen.queryByLabelText("Language")).toBeNull();
		expect(screen.queryByRole("heading", { name: "Account Management" })).toBeNull();
		expect(twoFactor().queryByRole("button", { name: "Cancel" })).toBeNull();

		await user.type(await twoFactor().findByLabelText("Authentication code"), "654321");
		await user.click(twoFactor().getByRole("button", { name: "Verify" }));
		const codes = await twoFactor().findByRole("region", { name: "Recovery Codes" });
		expect(continueToAdmin).not.toHaveBeenCalled();
		await user.click(within(codes).getByRole("button", { name: "Continue to the Admin" }));
		expect(continueToAdmin).toHaveBeenCalledTimes(1);
		// Only what the server lets a user who is enrolling call.
		expect(new Set(requests.map((request) => request.path))).toEqual(
			new Set([
				"/wp-json/two-factor/1.0/status",
				"/wp-json/two-factor/1.0/totp",
				"/wp-json/two-factor/1.0/generate-backup-codes",
			]),
		);
	});
});

describe("sessions and password", () => {
	const account = () =>
		within(screen.getByRole("heading", { name: "Account Management" }).parentElement as HTMLElement);

	it("lists each session with its device, address and last seen, this one marked", async () => {
		await renderScreen();
		const table = await account().findByRole("table", { name: "Your sessions" });
		expect(
			within(table)
				.getAllByRole("row")
				.map((row) =>
					within(row)
						.queryAllByRole("cell")
						.map((cell) => cell.textContent),
				),
		).toEqual([
			[],
			["Firefox on Windows (this session)", "203.0.113.7", "November 15, 2026 / 3:00 pm"],
			["Safari on iOS", "198.51.100.23", "November 15, 2026 / 11:00 am"],
			["Unknown device", "192.0.2.1", "November 12, 2026 / 4:13 pm"],
		]);
	});

	it("'Log Out Everywhere Else' ends the others, then says this is the only place", async () => {
		const user = await renderScreen();
		await user.click(await account().findByRole("button", { name: "Log Out Everywhere Else" }));
		expect(await notices().findByText("You are now logged out everywhere else.")).toBeTruthy();
		expect(await account().findByText("You are only logged in at this location.")).toBeTruthy();
		expect(account().getAllByRole("row")).toHaveLength(2);
	});

	it("changes the password with the current one; a wrong current one is named next to its field", async () => {
		refusePassword = restError(400, "incorrect_password", "The current password is incorrect.", {
			params: { current_password: "current_password is not the password you sign in with" },
		});
		const user = await renderScreen();
		const current = await account().findByLabelText("Current Password");
		await user.type(current, "guess");
		await user.type(account().getByLabelText("New Password"), "a new long password");
		await user.click(account().getByRole("button", { name: "Change Password" }));
		await waitFor(() => expect(document.activeElement).toBe(current));
		const help = document.getElementById(current.getAttribute("aria-describedby") ?? "");
		expect(help?.textContent).toBe("Current Password is not the password you sign in with");

		refusePassword = null;
		await user.clear(current);
		await user.type(current, "correct horse battery staple");
		await user.click(account().getByRole("button", { name: "Change Password" }));
		expect(
			await notices().findByText("Your password was changed. Your other sessions were logged out."),
		).toBeTruthy();
		expect((account().getByLabelText("New Password") as HTMLInputElement).value).toBe("");
		expect(sent("POST").at(-1)).toEqual([
			"/wp-json/wp/v2/users/me/password",
			{ current_password: "correct horse battery staple", password: "a new long password" },
		]);
		expect(await account().findByText("You are only logged in at this location.")).toBeTruthy();
	});
});
