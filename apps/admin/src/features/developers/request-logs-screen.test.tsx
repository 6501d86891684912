/**
 * Developers › Request logs: requests to Stripe's API, newest first; the filters (status class,
 * path, key name) live in the URL and go to the server in the query under its names; the list
 * has no total and grows by keyset ("Load more" sends the last row's id while has_more holds); a
 * path the server refuses is explained under the field; a row opens the request.
 */
import { listApiKeys, listRequestLog } from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import RequestLogsScreen from "./request-logs-screen.tsx";

type Entry = ResponseInputOf<typeof listRequestLog>["data"][number];

const entry = (n: number, overrides: Partial<Entry> = {}): Entry => ({
	id: `rlog_${String(n).padStart(4, "0")}`,
	request_id: `req_${n}`,
	created: 1_767_268_800 - n * 60,
	method: "POST",
	path: `/v1/payment_intents/pi_${n}`,
	route: "/v1/payment_intents/:id",
	status: 200,
	key_name: "Shop server",
	duration_ms: 1_234,
	idempotency_key: null,
	...overrides,
});

const FIRST = [
	entry(3, { status: 402, idempotency_key: "idem_3" }),
	entry(2, { status: 503, key_name: null, method: "GET" }),
];
const SECOND = [entry(1)];

let requests: RecordedRequest[];

const KEYS: ResponseInputOf<typeof listApiKeys>["data"] = ["Shop server", "Mobile app"].map(
	(name, index) => ({
		id: `key_${index}`,
		name,
		kind: "secret" as const,
		prefix: "sk_test_",
		last4: "4242",
		publishable_key: null,
		permissions: null,
		created: 1_767_000_000,
		last_used: null,
		expires_at: null,
	}),
);

beforeEach(() => {
	testSettings();
	requests = stubApi(
		on(listApiKeys).reply(() => ({ data: KEYS })),
		on(listRequestLog).reply(({ query }) =>
			query.starting_after === "rlog_0002"
				? { data: SECOND, has_more: false }
				: { data: FIRST, has_more: true },
		),
	);
});

function renderScreen(search = "") {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/developers/logs${search}`,
	);
	const user = userEvent.setup();
	renderWithQueryClient(<RequestLogsScreen />);
	return user;
}

const logQueries = () => requests.filter((request) => request.route === listRequestLog).map((r) => r.query);

describe("request logs list", () => {
	it("shows each request's time, method, path, status, key, Request-Id, duration and idempotency key", async () => {
		renderScreen();
		const table = await screen.findByRole("table", { name: "Request logs" });
		await within(table).findByText("/v1/payment_intents/pi_3");
		const headings = within(table)
			.getAllByRole("columnheader")
			.map((cell) => cell.textContent);
		expect(headings).toEqual([
			"Details",
			"Time",
			"Method",
			"Path",
			"Status",
			"Key",
			"Request-Id",
			"Duration",
			"Idempotency key",
		]);
		const [first, second] = within(table).getAllByRole("row").slice(1) as HTMLElement[];
		expect(first?.textContent).toContain("January 1, 2026 / 11:57 am");
		expect(within(first as HTMLElement).getByText("402").className).toContain("is-warning");
		expect(first?.textContent).toContain("req_3");
		expect(first?.textContent).toContain("1,234 ms");
		expect(first?.textContent).toContain("idem_3");
		expect(within(second as HTMLElement).getByText("503").className).toContain("is-alert");
		expect(second?.textContent).toContain("—");
		const link = within(first as HTMLElement).getByRole("link", { name: "View request req_3" });
		expect(link.getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/logs/details&id=rlog_0003",
		);
	});

	it("loads older requests after the last row while the server says more follow", async () => {
		const user = renderScreen();
		await screen.findByText("/v1/payment_intents/pi_3");
		expect(logQueries()[0]).not.toHaveProperty("starting_after");
		await user.click(screen.getByRole("button", { name: "Load more" }));
		expect(await screen.findByText("/v1/payment_intents/pi_1")).toBeTruthy();
		expect(logQueries()[1]).toMatchObject({ starting_after: "rlog_0002", pagesize: "25" });
		// All three rows, newest first, and no more to load.
		const table = screen.getByRole("table", { name: "Request logs" });
		expect(within(table).getAllByRole("row")).toHaveLength(4);
		expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
	});

	it("sends the URL's filters to the server under its names", async () => {
		renderScreen(
			"&status_class=4xx&request_path=/v1/payment_intents/:id&key_name=Shop%20server&status_class_x=1",
		);
		await screen.findByText("/v1/payment_intents/pi_3");
		expect(logQueries()[0]).toEqual({
			pagesize: "25",
			status_class: "4xx",
			path: "/v1/payment_intents/:id",
			key_name: "Shop server",
		});
		expect((screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement).value).toBe("4xx");
		expect((screen.getByRole("textbox", { name: "Path" }) as HTMLInputElement).value).toBe(
			"/v1/payment_intents/:id",
		);
	});

	it("writes the chosen filters to the URL, offers the account's key names, and reads the list with them", async () => {
		const user = renderScreen();
		await screen.findByText("/v1/payment_intents/pi_3");
		const keySelect = screen.getByRole("combobox", { name: "API key" });
		await waitFor(() =>
			expect(
				within(keySelect)
					.getAllByRole("option")
					.map((option) => option.textContent),
			).toEqual(["All keys", "Shop server", "Mobile app"]),
		);
		await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "5xx");
		await user.type(screen.getByRole("textbox", { name: "Path" }), "/v1/refunds");
		await user.selectOptions(keySelect, "Mobile app");
		expect(logQueries()).toHaveLength(1);
		await user.click(screen.getByRole("button", { name: "Filter" }));

		const query = new URLSearchParams(window.location.search);
		expect(query.get("status_class")).toBe("5xx");
		expect(query.get("request_path")).toBe("/v1/refunds");
		expect(query.get("key_name")).toBe("Mobile app");
		expect(query.get("path")).toBe("/payments/developers/logs");
		await waitFor(() =>
			expect(logQueries().at(-1)).toEqual({
				pagesize: "25",
				status_class: "5xx",
				path: "/v1/refunds",
				key_name: "Mobile app",
			}),
		);

		// Clearing shows the unfiltered list again (read a moment ago, so from the cache).
		await user.click(screen.getByRole("button", { name: "Clear filters" }));
		expect(new URLSearchParams(window.location.search).get("status_class")).toBeNull();
		expect((screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement).value).toBe("");
		expect(await screen.findByText("/v1/payment_intents/pi_3")).toBeTruthy();
	});

	it("shows the server's message under the path it refused", async () => {
		stubApi(
			on(listApiKeys).reply(() => ({ data: KEYS })),
			on(listRequestLog).reply(() =>
				restError(400, "rest_invalid_param", "Invalid parameter(s): path", {
					params: { path: "path must be a /v1 path" },
				}),
			),
		);
		renderScreen("&request_path=payment_intents");
		expect(await screen.findByText("Path must be a /v1 path")).toBeTruthy();
		expect(screen.getByRole("textbox", { name: "Path" }).getAttribute("aria-invalid")).toBe("true");
		expect(screen.getByText("The requests could not be read with these filters.")).toBeTruthy();
	});

	it("says when no request matches the filters", async () => {
		stubApi(
			on(listApiKeys).reply(() => ({ data: KEYS })),
			on(listRequestLog).reply(() => ({ data: [], has_more: false })),
		);
		renderScreen("&status_class=5xx");
		expect(await screen.findByText("No requests match these filters.")).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
	});
});
