/** What the journeys share: the REST API as the admin calls it, dates, CSV and the axe check. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** A call of the payments REST API from inside the admin, with its nonce, as the app makes it. */
export async function api<T>(
	page: Page,
	path: string,
	init: { method?: string; body?: unknown } = {},
): Promise<T> {
	return page.evaluate(
		async ({ url, method, body }) => {
			const settings = JSON.parse(document.getElementById("paydesk-page-settings")?.textContent ?? "{}") as {
				restNonce: string;
			};
			const response = await fetch(url, {
				method,
				headers: {
					"X-WP-Nonce": settings.restNonce,
					...(body === undefined ? {} : { "content-type": "application/json" }),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			if (!response.ok)
				throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
			return (await response.json()) as T;
		},
		{ url: `/wp-json/wc/v3/payments${path}`, method: init.method ?? "GET", body: init.body },
	) as Promise<T>;
}

/** YYYY-MM-DD of a date in the browser's (the user's) time zone, which the test process shares. */
export function day(date: Date): string {
	const pad = (n: number) => String(n).padStart(2, "0");
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** RFC 4180 records of a small CSV (quoted cells may hold commas and doubled quotes). */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	for (const line of text.replace(/^\uFEFF/, "").split("\r\n")) {
		if (line === "") continue;
		const cells: string[] = [];
		for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) {
			cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ""));
		}
		rows.push(cells);
	}
	return rows;
}

/**
 * The serious and critical accessibility violations axe finds in the page's content (or in
 * `within`), with axe's rules that are off by default turned on when asked (`target-size`: WCAG
 * 2.2's 24px target size).
 */
export async function seriousViolations(
	page: Page,
	options: { within?: string; alsoRules?: readonly string[] } = {},
): Promise<string[]> {
	const rules = Object.fromEntries((options.alsoRules ?? []).map((rule) => [rule, { enabled: true }]));
	const results = await new AxeBuilder({ page })
		.include(options.within ?? "#wpbody-content")
		.options({ rules })
		.analyze();
	return results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map((violation) => {
			const where = violation.nodes.slice(0, 3).map((node) => node.target.join(" "));
			return `${violation.id}: ${violation.help} (${where.join(", ")})`;
		});
}
