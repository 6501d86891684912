/**
 * Helpers shared by the benchmarks: the repository root, a one-line description of the
 * machine, running a TypeScript entry point in a child process while sampling its peak memory,
 * and writing one benchmark's section of bench/README.md between its markers.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const README = path.join(ROOT, "bench", "README.md");

/** "Node v20.20.2, Intel(R) Xeon(R) Processor, 2 cores" */
export function machine(): string {
	const cpus = os.cpus();
	return `Node ${process.version}, ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores`;
}

/** Peak resident memory of a live process in MB (VmHWM of /proc), 0 when it cannot be read. */
export function peakRssMb(pid: number): number {
	try {
		const status = readFileSync(`/proc/${pid}/status`, "utf8");
		const match = /VmHWM:\s+(\d+) kB/.exec(status);
		return match ? Number(match[1]) / 1024 : 0;
	} catch {
		return 0;
	}
}

export interface TsRun {
	code: number;
	output: string;
	ms: number;
	peakMb: number;
}

/** Runs `node --import tsx <script> …args` from the repository root; samples its peak memory. */
export function runTs(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<TsRun> {
	return new Promise((resolve, reject) => {
		const started = performance.now();
		const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env });
		let output = "";
		let peakMb = 0;
		const sample = () => {
			peakMb = Math.max(peakMb, peakRssMb(child.pid ?? 0));
		};
		const sampler = setInterval(sample, 50);
		child.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString();
			sample();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.on("error", (error) => {
			clearInterval(sampler);
			reject(error);
		});
		child.on("exit", (code) => {
			clearInterval(sampler);
			resolve({ code: code ?? 1, output, ms: performance.now() - started, peakMb });
		});
	});
}

/**
 * Replaces the text between `<!-- key:start -->` and `<!-- key:end -->` in bench/README.md, or
 * appends the section when it is not there yet; the other sections are kept as they are.
 */
export function writeReadmeSection(key: string, markdown: string): void {
	const start = `<!-- ${key}:start -->`;
	const end = `<!-- ${key}:end -->`;
	const block = `${start}\n${markdown.trim()}\n${end}`;
	const text = existsSync(README) ? readFileSync(README, "utf8") : "# Benchmarks\n";
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	const next =
		from !== -1 && to > from
			? `${text.slice(0, from)}${block}${text.slice(to + end.length)}`
			: `${text.trimEnd()}\n\n${block}\n`;
	writeFileSync(README, next);
}
