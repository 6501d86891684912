/**
 * The bell, where account events reach the merchant: unread count, the list, marking read, and
 * keyboard use.
 */
import {
	listNotifications,
	type NotificationList,
	readAllNotifications,
	readNotification,
} from "@paydesk/contract/events";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { NotificationBell } from "./notification-bell.tsx";

const BASE = "/wp-json/wc/v3/payments";
afterEach(cleanup);

const LIST: NotificationList = {
	unread: 2,
	notifications: [
		{
			id: "ntf_1",
			type: "export_ready",
			created: 1_795_000_000,
			read: false,
			title: "Your transactions export is ready",
			link: { label: "Download", url: `${BASE}/transactions/download/exp_1/file` },
		},
		{
			id: "ntf_2",
			type: "payout_failed",
			created: 1_794_990_000,
			read: false,
			title: "A $12.00 payout failed",
			link: {
				label: "View payout",
				url: "/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=po_1",
			},
		},
		{
			id: "ntf_3",
			type: "dispute_created",
			created: 1_794_980_000,
			read: true,
			title: "A $50.00 payment was disputed",
			link: {
				label: "View dispute",
				url: "/wp-admin/admin.php?page=wc-admin&path=/payments/disputes/details&id=du_1",
			},
		},
	],
};

let seen: RecordedRequest[];
beforeEach(() => {
	testSettings();
	seen = stubApi(
		on(listNotifications).reply(() => LIST),
		on(readAllNotifications).reply(() => ({
			unread: 0,
			notifications: LIST.notifications.map((notification) => ({ ...notification, read: true })),
		})),
		on(readNotification).reply(({ params }) => {
			const notification = LIST.notifications.find(({ id }) => id === params.id);
			return notification ? { ...notification, read: true } : restError(404, "rest_no_route");
		}),
	);
});

function renderBell() {
	return renderWithQueryClient(
		<>
			<NotificationBell />
			<p>Elsewhere</p>
		</>,
	);
}

describe("the notifications bell", () => {
	it("says how many are unread, and lists them newest first with their links", async () => {
		renderBell();
		const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
		expect(bell.getAttribute("aria-expanded")).toBe("false");
		fireEvent.click(bell);
		expect(bell.getAttribute("aria-expanded")).toBe("true");
		const panel = screen.getByRole("region", { name: "Notifications" });
		const items = within(panel).getAllByRole("listitem");
		expect(items.map((item) => item.querySelector(".paydesk-bell__title")?.textContent)).toEqual([
			"Unread: Your transactions export is ready",
			"Unread: A $12.00 payout failed",
			"A $50.00 payment was disputed",
		]);
		const download = within(panel).getByRole("link", { name: "Download" });
		expect(download.getAttribute("href")).toMatch(
			/\/transactions\/download\/exp_1\/file\?_wpnonce=.*&force_download=true$/,
		);
	});

	it("following one marks it read; Mark all as read marks the rest", async () => {
		renderBell();
		fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
		fireEvent.click(screen.getByRole("link", { name: "View payout" }));
		await waitFor(() =>
			expect(
				seen.some(
					(request) => request.method === "POST" && request.url === `${BASE}/notifications/ntf_2/read`,
				),
			).toBe(true),
		);
		fireEvent.click(screen.getByRole("button", { name: /^Notifications/ }));
		fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
		await screen.findByRole("button", { name: "Notifications" });
		expect((screen.getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(
			true,
		);
	});

	it("Escape closes the panel onto the bell; a click elsewhere closes it", async () => {
		renderBell();
		const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
		fireEvent.click(bell);
		fireEvent.keyDown(document, { key: "Escape" });
		expect(bell.getAttribute("aria-expanded")).toBe("false");
		expect(document.activeElement).toBe(bell);
		fireEvent.click(bell);
		fireEvent.mouseDown(screen.getByText("Elsewhere"));
		expect(bell.getAttribute("aria-expanded")).toBe("false");
	});

	it("says so when there is nothing, and when the list cannot be read", async () => {
		stubApi(on(listNotifications).reply(() => ({ unread: 0, notifications: [] })));
		renderBell();
		fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
		expect(await screen.findByText("No notifications yet.")).toBeTruthy();
		cleanup();
		stubApi(on(listNotifications).reply(() => restError(500, "internal_server_error", "No.")));
		renderBell();
		fireEvent.click(screen.getByRole("button", { name: "Notifications" }));
		// A failed read is tried once more before the bell says so.
		expect(
			await screen.findByText(/The notifications could not be loaded\./, {}, { timeout: 4000 }),
		).toBeTruthy();
		expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
	});
});
