/**
 * An export of the whole store reaches the bell: on a demo store of --transactions
 * (1,000,000 by default), the merchant asks for the e-mailed export of every transaction, the
 * admin's five polls end long before the file is ready, and the notification arrives with a link
 * that downloads every row.
 *   npx tsx bench/src/export-bell.ts [--transactions 1000000] [--dialect sqlite|postgres|both]
 */
import { performance } from "node:perf_hooks";
import type { NotificationList } from "@paydesk/contract/events";
import { adminCredentials } from "./admin-reads.ts";
import { machine, writeReadmeSection } from "./measure.ts";
import { rssMb, seededStore, startServer } from "./server-process.ts";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
	args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const transactions = Number(args.get("transactions") ?? 1_000_000);
const dialects =
	(args.get("dialect") ?? "sqlite") === "both" ? ["sqlite", "postgres"] : [args.get("dialect") ?? "sqlite"];
const ACCOUNT = "acct_demo";
const BASE = "/wp-json/wc/v3/payments";
/** What the admin waits before it says the export goes on (1 s, then 5 polls 1 s apart). */
const ADMIN_POLLS_MS = 5_000;

interface Run {
	dialect: string;
	rows: number;
	expected: number;
	toBellMs: number;
	downloadMs: number;
	bytes: number;
	peakRssMb: number;
}

async function measure(dialect: string): Promise<Run> {
	const store = await seededStore(dialect, transactions, ACCOUNT, "export-bell");
	const { env, db } = store;
	try {
		const server = await startServer(env);
		const pid = server.child.pid ?? 0;
		try {
			const { authorization } = await adminCredentials(db, server.url, "export bench");
			const headers = { authorization, "content-type": "application/json" };
			const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
				const response = await fetch(`${server.url}${path}`, { ...init, headers });
				if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
				return (await response.json()) as T;
			};
			const { count } = await call<{ count: number }>(`${BASE}/transactions/summary`);
			let peakRssMb = rssMb(pid);
			const sampler = setInterval(() => {
				peakRssMb = Math.max(peakRssMb, rssMb(pid));
			}, 500);
			const started = performance.now();
			const { export_id } = await call<{ export_id: string }>(`${BASE}/transactions/download`, {
				method: "POST",
				body: "{}",
			});
			console.log(
				`${dialect}: export ${export_id} of ${count.toLocaleString("en-US")} transactions requested…`,
			);
			let link: string | null = null;
			while (link === null) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				const { notifications } = await call<NotificationList>(`${BASE}/notifications?per_page=5`);
				const ready = notifications.find(
					(item) => item.type === "export_ready" && item.link?.url.includes(export_id),
				);
				if (notifications.some((item) => item.type === "export_failed")) throw new Error("the export failed");
				link = ready?.link?.url ?? null;
			}
			const toBellMs = performance.now() - started;
			const downloadStarted = performance.now();
			const file = await fetch(`${server.url}${link}`, { headers });
			if (!file.ok || !file.body) throw new Error(`the notification's link answered ${file.status}`);
			let bytes = 0;
			let lines = 0;
			for await (const chunk of file.body) {
				const data = chunk as Uint8Array;
				bytes += data.byteLength;
				for (const byte of data) if (byte === 10) lines++;
			}
			clearInterval(sampler);
			return {
				dialect,
				rows: lines - 1,
				expected: count,
				toBellMs,
				downloadMs: performance.now() - downloadStarted,
				bytes,
				peakRssMb,
			};
		} finally {
			server.child.kill("SIGTERM");
		}
	} finally {
		await store.remove();
	}
}

const runs: Run[] = [];
for (const dialect of dialects) runs.push(await measure(dialect));
const engine = (dialect: string) => (dialect === "postgres" ? "PostgreSQL" : "SQLite");
const rows = runs.map(
	(run) =>
		`| ${engine(run.dialect)} | ${run.rows.toLocaleString("en-US")} of ${run.expected.toLocaleString("en-US")} | ${(run.toBellMs / 1000).toFixed(1)} s | ${(run.downloadMs / 1000).toFixed(1)} s | ${(run.bytes / 1024 / 1024).toFixed(0)} MB | ${run.peakRssMb.toFixed(0)} MB |`,
);
for (const line of rows) console.log(line);
writeReadmeSection(
	"export-bell",
	`## An export of the whole store reaches the bell

\`npx tsx bench/src/export-bell.ts --transactions ${transactions}\` — ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.

A real server process on a ${transactions.toLocaleString("en-US")}-transaction demo store. The merchant asks for the export of every
transaction (POST /transactions/download, no filter); the admin stops polling after ${ADMIN_POLLS_MS / 1000} s and says
the export goes on. "To the bell" is from the request until GET /notifications lists the
export_ready notification with its link; the link is then downloaded with the merchant's
credentials and its rows counted against the list's total.

| Database | Rows in the file | To the bell | Download | File | Server peak RSS |
|---|---:|---:|---:|---:|---:|
${rows.join("\n")}`,
);
process.exit(runs.every((run) => run.rows === run.expected) ? 0 : 1);
