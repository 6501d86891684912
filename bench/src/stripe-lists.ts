/**
 * Stripe's lists (`/v1`) at scale:
 *   npx tsx bench/src/stripe-lists.ts [--transactions 1000000] [--dialect sqlite|postgres|both]
 *                                     [--iterations 7] [--no-readme]
 * Seeds the demo store (seed 7) on each engine, makes an API key, and times every list Paydesk
 * answers on Stripe's API with limit=100: the first page, a page from the middle of the list
 * (starting_after an object half way down) and one before it (ending_before), through Fastify
 * (auth, parameters, Stripe's objects, JSON), median of the iterations after a warm-up.
 * Target: every request under 30 ms.
 */
import os from "node:os";
import type { Db } from "@paydesk/server/db/connection";
import { createApiKeys } from "@paydesk/server/stripe-api/keys";
import { sql } from "kysely";
import { median } from "./api-timing.ts";
import { startBenchApp } from "./bench-app.ts";
import { machine, writeReadmeSection } from "./measure.ts";
import { seededStore } from "./server-process.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const TRANSACTIONS = Number(flag("transactions") ?? 1_000_000);
const ITERATIONS = Number(flag("iterations") ?? 7);
const dialects =
	flag("dialect") === "both" || !flag("dialect") ? ["sqlite", "postgres"] : [flag("dialect") ?? "sqlite"];
const ACCOUNT = "acct_bench";
const TARGET_MS = 30;

/** A list, and the table (with its id column) whose middle row is its deep cursor. */
const LISTS = [
	{ path: "/v1/charges", table: "charges", id: "id" },
	{ path: "/v1/charges?expand[]=data.balance_transaction", table: "charges", id: "id" },
	{ path: "/v1/payment_intents", table: "charges", id: "payment_intent_id" },
	{ path: "/v1/refunds", table: "refunds", id: "id" },
	{ path: "/v1/balance_transactions", table: "balance_transactions", id: "id" },
	{ path: "/v1/payouts", table: "payouts", id: "id" },
	{ path: "/v1/disputes", table: "disputes", id: "id" },
	{ path: "/v1/events", table: null, id: null },
] as const;

async function middleId(db: Db, table: string, id: string): Promise<string | null> {
	const count = Number(
		(
			await sql<{
				n: number;
			}>`select count(*) as n from ${sql.table(table)} where account_id = ${ACCOUNT}`.execute(db.kysely)
		).rows[0]?.n ?? 0,
	);
	if (count < 2) return null;
	const row = (
		await sql<{
			id: string;
		}>`select ${sql.ref(id)} as id from ${sql.table(table)} where account_id = ${ACCOUNT}
			order by created desc, id desc limit 1 offset ${Math.floor(count / 2)}`.execute(db.kysely)
	).rows[0];
	return row?.id ?? null;
}

interface Timing {
	label: string;
	ms: number;
	rows: number;
}

async function measure(dialect: string): Promise<{ timings: Timing[]; transactions: number }> {
	const store = await seededStore(dialect, TRANSACTIONS, ACCOUNT, "stripe-lists");
	const bench = await startBenchApp(store.db, ACCOUNT);
	try {
		const { secret } = await createApiKeys(store.db.kysely, ACCOUNT, "bench", Math.floor(Date.now() / 1000));
		const headers = { authorization: `Bearer ${secret}` };
		const timings: Timing[] = [];
		const time = async (label: string, url: string) => {
			const runs: number[] = [];
			let rows = 0;
			for (let i = 0; i <= ITERATIONS; i++) {
				const started = performance.now();
				const response = await bench.app.inject({ method: "GET", url, headers });
				const ms = performance.now() - started;
				if (response.statusCode !== 200)
					throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
				rows = (JSON.parse(response.body) as { data: unknown[] }).data.length;
				if (i > 0) runs.push(ms);
			}
			const ms = median(runs);
			timings.push({ label, ms, rows });
			console.log(
				`${dialect} ${ms.toFixed(1).padStart(8)} ms ${ms > TARGET_MS ? "SLOW" : "    "} ${rows} rows  ${label}`,
			);
		};
		for (const list of LISTS) {
			const join = list.path.includes("?") ? "&" : "?";
			await time(`${list.path} (first page)`, `${list.path}${join}limit=100`);
			const middle = list.table && list.id ? await middleId(store.db, list.table, list.id) : null;
			if (middle) {
				await time(
					`${list.path} starting_after the middle`,
					`${list.path}${join}limit=100&starting_after=${middle}`,
				);
				await time(
					`${list.path} ending_before the middle`,
					`${list.path}${join}limit=100&ending_before=${middle}`,
				);
			}
		}
		const transactions = Number(
			(
				await sql<{
					n: number;
				}>`select count(*) as n from balance_transactions where account_id = ${ACCOUNT}`.execute(
					store.db.kysely,
				)
			).rows[0]?.n ?? 0,
		);
		return { timings, transactions };
	} finally {
		await bench.close();
		await store.remove();
	}
}

const results = new Map<string, { timings: Timing[]; transactions: number }>();
const load = [os.loadavg()[0] ?? 0];
for (const dialect of dialects) results.set(dialect, await measure(dialect));
load.push(os.loadavg()[0] ?? 0);

const labels = [
	...new Set([...results.values()].flatMap((result) => result.timings.map((timing) => timing.label))),
];
const header = `| request (limit=100) | ${dialects.map((dialect) => `${dialect} ms`).join(" | ")} |`;
const lines = [
	"## Stripe's lists (`/v1`) at a million transactions",
	"",
	`\`npx tsx bench/src/stripe-lists.ts --transactions ${TRANSACTIONS}\` — every list with limit=100 through Fastify (key auth, parameters, Stripe's objects, JSON): its first page, and the pages after and before an object half way down. \`/v1/events\` lists what the account's log recorded in the last 30 days, and a seeded store's log is empty: its row times an empty page.`,
	"",
	`Measured on ${machine()}, ${[...results.entries()].map(([dialect, result]) => `${dialect}: ${result.transactions.toLocaleString("en-US")} transactions`).join(", ")}; median of ${ITERATIONS} after a warm-up; load average ${load.map((value) => value.toFixed(1)).join(" → ")}. Target: under ${TARGET_MS} ms.`,
	"",
	header,
	`|---|${dialects.map(() => "---:").join("|")}|`,
	...labels.map(
		(label) =>
			`| \`${label}\` | ${dialects
				.map((dialect) => {
					const timing = results.get(dialect)?.timings.find((candidate) => candidate.label === label);
					return timing ? `${timing.ms.toFixed(1)}${timing.ms > TARGET_MS ? " (over)" : ""}` : "–";
				})
				.join(" | ")} |`,
	),
];
console.log(lines.join("\n"));
if (!argv.includes("--no-readme")) writeReadmeSection("stripe-lists", lines.join("\n"));
