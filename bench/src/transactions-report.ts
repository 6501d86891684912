/** The "Transactions" section of bench/README.md, from the figures of each engine. */
import type { Result } from "./api-timing.ts";
import { machine } from "./measure.ts";

export interface EngineReport {
	engine: string;
	loadSeconds: number;
	rollupRows: number;
	results: Result[];
	/** One-minute load averages seen while measuring (other work on the machine shows here). */
	load: number[];
}

function format(ms: number): string {
	return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

export function transactionsSection(
	rows: number,
	iterations: number,
	reports: readonly EngineReport[],
): string {
	const engines = reports.map((report) => report.engine);
	const header = `| Measure | ${engines.map((engine) => `${engine} API | ${engine} SQL`).join(" | ")} |`;
	const rule = `|---|${engines.map(() => "---:|---:").join("|")}|`;
	const names = reports[0]?.results.map((result) => result.name) ?? [];
	const lines = names.map((name) => {
		const cells = reports.map((report) => {
			const result = report.results.find((r) => r.name === name);
			return result ? `${format(result.apiMs)} | ${format(result.sqlMs)}` : "– | –";
		});
		return `| ${name} | ${cells.join(" | ")} |`;
	});
	const notes = reports.map((report) => {
		const exported = report.results.at(-1);
		const load = `${Math.min(...report.load).toFixed(1)}–${Math.max(...report.load).toFixed(1)}`;
		return `- ${report.engine}: loaded in ${report.loadSeconds.toFixed(0)} s (ledger, orders, rollups, indexes); ${report.rollupRows.toLocaleString("en-US")} rollup rows; export ${exported?.note ?? ""}; machine load average ${load} while measuring.`;
	});
	return [
		"## Transactions",
		"",
		`\`npx tsx bench/src/transactions.ts --rows ${rows}\` — ${rows.toLocaleString("en-US")} balance transactions of one`,
		"store over three years (bench/src/ledger-generator.ts), median of",
		`${iterations} runs after 3 warm-ups; ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.`,
		'"API" is the whole request through Fastify (auth, validation, JSON); "SQL" is the statements',
		"that request ran on the ledger, its rollups, orders and payouts, replayed on the bare driver.",
		"The export is a real server process (apps/server/src/main.ts) streaming",
		"GET /transactions/download over HTTP; its peak RSS is the server's VmHWM. PostgreSQL 15 ran",
		"with shared_buffers 256 MB, after VACUUM ANALYZE (what autovacuum gives a live database).",
		"Targets: lists and suggestions under 30 ms, summaries under 100 ms, the export under",
		"30 s with peak RSS under 300 MB.",
		"",
		header,
		rule,
		...lines,
		"",
		...notes,
		"",
	].join("\n");
}
