/**
 * The export flow (spec 2 §7) when the file is not ready after the last poll: the
 * merchant is told the export goes on and where it will arrive, instead of silence. Every list's
 * export is a usage event: which list, whether filtered, downloaded or e-mailed.
 */
import { EXPORT_ERRORS } from "@paydesk/contract/exports";
import { recordTracks } from "@paydesk/contract/tracks";
import { transactionExports } from "@paydesk/contract/transactions";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TRACKS_GATHER_MS } from "../../app/tracks.ts";
import { on, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { testSettings } from "../../testing/settings.ts";
import { ExportButton } from "./export-button.tsx";

afterEach(() => {
	cleanup();
	clearNotices();
});
beforeEach(() => testSettings());

function renderExport(hasFilters = false) {
	return render(
		<>
			<ExportButton
				kind="transactions"
				routes={transactionExports}
				query={{}}
				total={3}
				hasFilters={hasFilters}
				delays={{ initial: 1, interval: 1 }}
			/>
			<NoticeProbe />
		</>,
	);
}

describe("an export", () => {
	it("still running after the last poll goes on, and the merchant is told it reaches the bell and their e-mail", async () => {
		let polls = 0;
		stubApi(
			on(transactionExports.request).reply(() => ({ export_id: "exp_1" })),
			on(transactionExports.status).reply(({ params }) => {
				if (params.export_id !== "exp_1") return restError(404, EXPORT_ERRORS.notFound);
				polls++;
				return { status: "pending", download_url: null };
			}),
		);
		renderExport();
		await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export" })));
		const notices = await screen.findAllByText(/taking longer/);
		expect(polls).toBe(5);
		expect(notices[0]?.textContent).toBe(
			"Your export is taking longer. It goes on in the background: when it is ready, its download link appears in your notifications (the bell at the top of the page) and is emailed to alex@example.com.",
		);
		expect(notices[0]?.closest("li")?.getAttribute("data-status")).toBe("info");
	});

	it("that failed says so, without the message of one that goes on", async () => {
		stubApi(
			on(transactionExports.request).reply(() => ({ export_id: "exp_2" })),
			on(transactionExports.status).reply(({ params }) =>
				params.export_id === "exp_2"
					? { status: "error", download_url: null }
					: restError(404, EXPORT_ERRORS.notFound),
			),
		);
		renderExport();
		await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export" })));
		expect(await screen.findByText("There was a problem generating your export.")).toBeTruthy();
		expect(screen.queryByText(/taking longer/)).toBeNull();
	});
});

describe("an export's usage event (spec 2 §7)", () => {
	afterEach(() => vi.useRealTimers());

	async function exportWith(status: "success" | "pending", hasFilters: boolean) {
		testSettings({ tracksEnabled: true });
		vi.useFakeTimers({ shouldAdvanceTime: true });
		const requests = stubApi(
			on(transactionExports.request).reply(() => ({ export_id: "exp_3" })),
			on(transactionExports.status).reply(() =>
				status === "success"
					? { status, download_url: "/wp-json/wc/v3/payments/transactions/download/exp_3/file" }
					: { status, download_url: null },
			),
			on(recordTracks).reply(({ body }) => ({ recorded: body.events.length })),
		);
		renderExport(hasFilters);
		await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export" })));
		await vi.waitFor(() =>
			expect(screen.getByRole("button", { name: "Export" }).getAttribute("aria-disabled")).not.toBe("true"),
		);
		act(() => vi.advanceTimersByTime(TRACKS_GATHER_MS));
		await vi.waitFor(() => expect(requests.some((request) => request.route === recordTracks)).toBe(true));
		return requests.filter((request) => request.route === recordTracks).map((request) => request.body);
	}

	it("names the list, whether filters narrowed it, and that it was downloaded", async () => {
		expect(await exportWith("success", true)).toEqual([
			{
				events: [
					{
						name: "wcpay_csv_export",
						properties: { list: "transactions", filtered: true, delivery: "direct" },
					},
				],
			},
		]);
	});

	it("says an export that goes on in the background is e-mailed", async () => {
		expect(await exportWith("pending", false)).toEqual([
			{
				events: [
					{
						name: "wcpay_csv_export",
						properties: { list: "transactions", filtered: false, delivery: "email" },
					},
				],
			},
		]);
	});
});
