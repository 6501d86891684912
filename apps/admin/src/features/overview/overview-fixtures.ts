/** Page settings and API answers of a connected store, for the overview's component tests. */
import type { AccountStatus } from "@paydesk/contract/accounts";
import { vi } from "vitest";
import { testSettings } from "../../testing/settings.ts";

export function accountStatus(overrides: Partial<AccountStatus> = {}): AccountStatus {
	return {
		id: "acct_test",
		status: "complete",
		isLive: true,
		testMode: false,
		paymentsEnabled: true,
		detailsSubmitted: true,
		deposits: {
			status: "enabled",
			interval: "daily",
			completed_waiting_period: true,
			restrictions: "deposits_unrestricted",
		},
		depositsSchedule: { interval: "daily", delay_days: 2, weekly_anchor: null, monthly_anchor: null },
		depositsBlocked: false,
		defaultExternalAccounts: [{ currency: "usd", status: "verified" }],
		currentDeadline: null,
		pastDue: false,
		accountLink: "/sandbox-partner/account?account=acct_test",
		requirements: { errors: [] },
		created: "2025-03-01T10:00:00.000Z",
		country: "US",
		defaultCurrency: "usd",
		hasSubmittedVatData: false,
		progressiveOnboarding: { isEnabled: false, isComplete: true, tpv: 0, firstTransactionDate: null },
		fraudProtection: { declineOnAVSFailure: false, declineOnCVCFailure: true },
		safeMode: false,
		...overrides,
	};
}

export function overviewSettings(
	status: Partial<AccountStatus> = {},
	rest: Parameters<typeof testSettings>[0] = {},
) {
	return testSettings({ accountStatus: accountStatus(status), enabledPaymentMethods: ["card"], ...rest });
}

export function answer(
	body: unknown,
	init: { status?: number; headers?: Record<string, string> } = {},
): Response {
	return new Response(JSON.stringify(body), {
		status: init.status ?? 200,
		headers: { "content-type": "application/json", ...init.headers },
	});
}

export interface FakeApi {
	/** Bodies of the POSTs and PUTs, by path. */
	writes: { method: string; path: string; body: unknown }[];
	options: Record<string, unknown>;
}

/** A fetch that answers the overview's first-wave calls; `extra` answers anything else first. */
export function stubOverviewApi(
	api: FakeApi,
	extra: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string, init: RequestInit = {}) => {
			const method = init.method ?? "GET";
			const path = url.split("?")[0] ?? url;
			if (method !== "GET")
				api.writes.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : null });
			const special = extra(url, init);
			if (special) return special;
			if (path === "/wp-json/wc-admin/options") {
				if (method === "POST") Object.assign(api.options, JSON.parse(String(init.body)));
				return answer(method === "POST" ? { success: true } : api.options);
			}
			if (path.endsWith("/disputes")) return answer({ data: [], total_count: 0 });
			return answer({}, { status: 404 });
		}),
	);
}
