/**
 * The sandbox clock in the admin bar (a sandbox account's simulated time): its time, and moving
 * it forward.
 */
import { advanceSandboxClock, getSandboxClock } from "@paydesk/contract/sandbox-clock";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { on, restError, stubApi } from "../testing/network.ts";
import { clearNotices, NoticeProbe } from "../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../testing/render.tsx";
import { testSettings } from "../testing/settings.ts";
import { SandboxClock } from "./sandbox-clock.tsx";

afterEach(() => {
	cleanup();
	clearNotices();
});

const AT = Date.UTC(2026, 10, 23, 15, 0) / 1000;

describe("the sandbox clock", () => {
	it("shows the account's time and advances it by a day, refetching what changed", async () => {
		testSettings({ dateFormat: "M j, Y", timeFormat: "g:i a", timezone: "UTC" });
		let now = AT;
		const clock = () => ({
			now,
			iso: new Date(now * 1000).toISOString(),
			offset_seconds: now - AT,
			processed_through: now,
		});
		const requests = stubApi(
			on(getSandboxClock).reply(clock),
			on(advanceSandboxClock).reply(({ body }) => {
				now += body.advance;
				return clock();
			}),
		);
		renderWithQueryClient(
			<>
				<SandboxClock />
				<NoticeProbe />
			</>,
		);
		expect(await screen.findByText("Sandbox time: Nov 23, 2026 3:00 pm")).toBeTruthy();
		fireEvent.click(
			screen.getByRole("button", { name: "+1 day", description: "Advance the sandbox clock by a day" }),
		);
		expect(await screen.findByText("Sandbox time: Nov 24, 2026 3:00 pm")).toBeTruthy();
		expect(
			requests.filter((request) => request.route === advanceSandboxClock).map((request) => request.body),
		).toEqual([{ advance: 86_400 }]);
		expect(requests.every((request) => request.url === "/wp-json/wc/v3/payments/sandbox/clock")).toBe(true);
		await waitFor(() =>
			expect(screen.getByRole("list", { name: "notices" }).textContent).toContain(
				"The sandbox clock moved to Nov 24, 2026 3:00 pm.",
			),
		);
	});

	it("hides itself when the server refuses (an account on real time)", async () => {
		testSettings();
		stubApi(on(getSandboxClock).reply(() => restError(409, "wcpay_test_clock_unavailable", "real time")));
		const { container } = renderWithQueryClient(<SandboxClock />);
		await waitFor(() => expect(container.querySelector(".paydesk-sandbox-clock")).toBeNull());
	});
});
