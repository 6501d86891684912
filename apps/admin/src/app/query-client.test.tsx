/**
 * A query's error notice is raised by the query cache, from the notice the query declares in
 * its meta: once per failed read, under the query's id, so a list that fails again shows one
 * notice, not two.
 */
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearNotices, NoticeProbe } from "../testing/notice-probe.tsx";
import { ApiError } from "./api.ts";
import { createQueryClient, type ErrorNotice } from "./query-client.ts";

afterEach(clearNotices);

const failingRead = (errorNotice?: ErrorNotice, error = new ApiError("wcpay_server_error", "Boom", 500)) => ({
	queryKey: ["payouts", "list"],
	queryFn: () => Promise.reject(error),
	retry: false,
	meta: errorNotice ? { errorNotice } : {},
});

async function readTwice(query: ReturnType<typeof failingRead>): Promise<void> {
	const client = createQueryClient();
	await act(async () => {
		await client.fetchQuery(query).catch(() => undefined);
		await client.fetchQuery({ ...query, staleTime: 0 }).catch(() => undefined);
	});
}

const notices = () => screen.getAllByRole("listitem").map((item) => item.textContent);

describe("error notices of queries", () => {
	it("a failed read raises the query's notice, and a read that fails again replaces it", async () => {
		render(<NoticeProbe />);
		await readTwice(failingRead({ message: "Error retrieving payouts.", id: "payouts-list" }));
		expect(notices()).toEqual(["Error retrieving payouts."]);
	});

	it("two queries with one id share one notice", async () => {
		render(<NoticeProbe />);
		const client = createQueryClient();
		await act(async () => {
			for (const key of ["list", "summary"]) {
				const notice = { message: "Error retrieving transactions.", id: "transactions-list" };
				await client
					.fetchQuery({ ...failingRead(notice), queryKey: ["transactions", key] })
					.catch(() => undefined);
			}
		});
		expect(notices()).toEqual(["Error retrieving transactions."]);
	});

	it("a failure the query excepts, and a query that declares no notice, raise none", async () => {
		render(<NoticeProbe />);
		const missing = new ApiError("resource_missing", "Missing", 404);
		await readTwice(
			failingRead(
				{
					message: "Error retrieving transaction.",
					id: "transaction-error",
					except: (error) => error instanceof ApiError && error.status === 404,
				},
				missing,
			),
		);
		await readTwice(failingRead());
		expect(screen.queryAllByRole("listitem")).toHaveLength(0);
	});
});
