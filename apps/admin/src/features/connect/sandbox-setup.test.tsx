/**
 * The sandbox (test-drive) flow (spec 1 §4.2, §9): progress 5, +5 up to 40 while connecting,
 * polling every 2.5 s (+6) until the status has no 'pending', progress passes 95 or 40 s pass.
 */
import { getAccount } from "@paydesk/contract/accounts";
import type { ConnectUrlAnswer } from "@paydesk/contract/connect";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, on, onUrl, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { accountStatus } from "../overview/overview-fixtures.ts";
import ConnectScreen from "./connect-screen.tsx";
import { redirectTo } from "./redirect.ts";

vi.mock("./redirect.ts", () => ({ redirectTo: vi.fn() }));

const CONNECT_URL = "/wp-admin/admin.php?page=wc-admin&path=/payments/connect&wcpay-connect=1&_wpnonce=abc";
const OVERVIEW =
	"/wp-admin/admin.php?page=wc-admin&path=/payments/overview&wcpay-connection-success=1&test_drive=true";

let connectAnswer: () => Promise<ConnectUrlAnswer>;
let statuses: string[];
let requests: RecordedRequest[];

beforeEach(() => {
	vi.useFakeTimers();
	vi.mocked(redirectTo).mockReset();
	statuses = ["pending", "pending", "complete"];
	connectAnswer = async () => ({ success: true, data: { redirect_to: OVERVIEW } });
	testSettings({
		connectUrl: CONNECT_URL,
		isAccountConnected: false,
		isAccountValid: false,
		accountStatus: null,
	});
	requests = stubApi(
		// The connect URL, an admin page, answers the sandbox flow in JSON.
		onUrl<ConnectUrlAnswer>("GET", "/wp-admin/admin.php", () => connectAnswer()),
		on(getAccount).reply(() => accountStatus({ status: statuses.shift() ?? "complete" })),
	);
});
afterEach(() => {
	vi.useRealTimers();
});

const accountReads = () => requests.filter((request) => request.route === getAccount);

function renderScreen(search = "") {
	window.history.replaceState(null, "", `/wp-admin/admin.php?page=wc-admin&path=/payments/connect${search}`);
	renderWithQueryClient(<ConnectScreen />);
}

const progress = () => Number(document.querySelector("progress")?.getAttribute("value"));

async function startSandbox() {
	fireEvent.click(screen.getByRole("button", { name: "I'm setting up a store for someone else" }));
	fireEvent.click(screen.getByRole("button", { name: "Enable sandbox mode" }));
}

describe("sandbox test drive", () => {
	it("shows 'Finishing payments setup', creates the account, polls until not pending, then redirects with sandbox success", async () => {
		const connected = deferred<ConnectUrlAnswer>();
		connectAnswer = () => connected.promise;
		// A source parameter loses its dashes (spec 1 §2.1); the default source keeps them.
		renderScreen("&source=wcadmin-payment-task");
		await startSandbox();
		expect(screen.getByRole("heading", { name: "Finishing payments setup" })).toBeTruthy();
		expect(progress()).toBe(5);
		await act(() => vi.advanceTimersByTimeAsync(2500 * 9));
		expect(progress()).toBe(40);
		expect(requests[0]?.url).toBe(
			`${CONNECT_URL}&source=wcadminpaymenttask&from=WCPAY_CONNECT&test_drive=true`,
		);

		await act(async () => connected.resolve({ success: true, data: { redirect_to: OVERVIEW } }));
		await act(() => vi.advanceTimersByTimeAsync(0));
		expect(progress()).toBe(46);
		await act(() => vi.advanceTimersByTimeAsync(2500));
		expect(progress()).toBe(52);
		expect(redirectTo).not.toHaveBeenCalled();
		await act(() => vi.advanceTimersByTimeAsync(2500));
		expect(progress()).toBe(100);
		expect(redirectTo).toHaveBeenCalledWith(
			`${CONNECT_URL}&source=wcadminpaymenttask&from=WCPAY_CONNECT&wcpay-sandbox-success=true&test_drive=true`,
		);
		expect(accountReads()).toHaveLength(3);
	});

	it("stops waiting once progress passes 95", async () => {
		statuses = Array(20).fill("pending");
		renderScreen();
		await startSandbox();
		await act(() => vi.advanceTimersByTimeAsync(0));
		await act(() => vi.advanceTimersByTimeAsync(2500 * 9));
		expect(progress()).toBe(100);
		expect(redirectTo).toHaveBeenCalledTimes(1);
		expect(vi.mocked(redirectTo).mock.calls[0]?.[0]).toContain("wcpay-sandbox-success=true");
	});

	it("goes back with test_drive_error=true when the sandbox account cannot be made", async () => {
		connectAnswer = async () => ({ success: false, data: { message: "nope" } });
		renderScreen();
		await startSandbox();
		await act(() => vi.advanceTimersByTimeAsync(0));
		expect(redirectTo).toHaveBeenCalledWith(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/connect&test_drive_error=true&source=wcpay-connect-page",
		);
	});

	it("goes to a redirect without the connection-success flag directly", async () => {
		connectAnswer = async () => ({
			success: true,
			data: { redirect_to: "/wp-admin/admin.php?page=wc-settings" },
		});
		renderScreen();
		await startSandbox();
		await act(() => vi.advanceTimersByTimeAsync(0));
		expect(redirectTo).toHaveBeenCalledWith("/wp-admin/admin.php?page=wc-settings");
	});

	it("without the content-platform connection, goes through the connect URL with auto_start_test_drive_onboarding=true", async () => {
		testSettings({
			connectUrl: CONNECT_URL,
			isAccountConnected: false,
			isJetpackConnected: false,
			accountStatus: null,
		});
		renderScreen();
		await startSandbox();
		expect(redirectTo).toHaveBeenCalledWith(
			`${CONNECT_URL}&source=wcpay-connect-page&from=WCPAY_CONNECT&test_drive=true&auto_start_test_drive_onboarding=true`,
		);
	});

	it("starts on arrival with auto_start_test_drive_onboarding=true", async () => {
		renderScreen("&auto_start_test_drive_onboarding=true&test_drive=true");
		expect(screen.getByRole("heading", { name: "Finishing payments setup" })).toBeTruthy();
		expect(requests[0]?.url).toContain("test_drive=true");
	});
});
