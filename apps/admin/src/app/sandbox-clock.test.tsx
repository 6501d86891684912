/** The sandbox clock in the admin bar (issue 15): its time, and moving it forward. */
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearNotices, NoticeProbe } from "../testing/notice-probe.tsx";
import { testSettings } from "../testing/settings.ts";
import { createQueryClient } from "./query-client.ts";
import { SandboxClock } from "./sandbox-clock.tsx";

afterEach(() => {
	cleanup();
	clearNotices();
	vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
	new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const AT = Date.UTC(2026, 10, 23, 15, 0) / 1000;

describe("the sandbox clock", () => {
	it("shows the account's time and advances it by a day, refetching what changed", async () => {
		testSettings({ dateFormat: "M j, Y", timeFormat: "g:i a", timezone: "UTC" });
		let now = AT;
		const posts: unknown[] = [];
		vi.stubGlobal(
			"fetch",
			vi.fn(async (url: string, init: RequestInit = {}) => {
				if (init.method === "POST") {
					const body = JSON.parse(String(init.body)) as { advance: number };
					posts.push(body);
					now += body.advance;
				}
				expect(url).toBe("/wp-json/wc/v3/payments/sandbox/clock");
				return json({
					now,
					iso: new Date(now * 1000).toISOString(),
					offset_seconds: now - AT,
					processed_through: now,
				});
			}),
		);
		render(
			<QueryClientProvider client={createQueryClient()}>
				<SandboxClock />
				<NoticeProbe />
			</QueryClientProvider>,
		);
		expect(await screen.findByText("Sandbox time: Nov 23, 2026 3:00 pm")).toBeTruthy();
		fireEvent.click(
			screen.getByRole("button", { name: "+1 day", description: "Advance the sandbox clock by a day" }),
		);
		expect(await screen.findByText("Sandbox time: Nov 24, 2026 3:00 pm")).toBeTruthy();
		expect(posts).toEqual([{ advance: 86_400 }]);
		await waitFor(() =>
			expect(screen.getByRole("list", { name: "notices" }).textContent).toContain(
				"The sandbox clock moved to Nov 24, 2026 3:00 pm.",
			),
		);
	});

	it("hides itself when the server refuses (an account on real time)", async () => {
		testSettings();
		vi.stubGlobal(
			"fetch",
			vi.fn(async () =>
				json({ code: "wcpay_test_clock_unavailable", message: "real time", data: { status: 409 } }, 409),
			),
		);
		const { container } = render(
			<QueryClientProvider client={createQueryClient()}>
				<SandboxClock />
			</QueryClientProvider>,
		);
		await waitFor(() => expect(container.querySelector(".paydesk-sandbox-clock")).toBeNull());
	});
});
