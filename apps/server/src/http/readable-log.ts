/**
 * The server's log as a person reads it in a terminal: one line per entry with its local time,
 * level and message, a finished request as its method, URL, status and time taken, other fields
 * as key=value and an error's stack below. Pino still writes JSON lines (machines and log
 * collectors read those when the output is piped); this stream rewrites each one as it comes.
 */
import { inspect } from "node:util";

export type LogFormat = "json" | "pretty";

const LEVELS: Record<number, [name: string, color: number]> = {
	10: ["TRACE", 90],
	20: ["DEBUG", 36],
	30: ["INFO ", 32],
	40: ["WARN ", 33],
	50: ["ERROR", 31],
	60: ["FATAL", 35],
};
/** Fields a line shows in its own place, or that say nothing to a person (pid, hostname). */
const SHOWN = new Set("level time msg pid hostname reqId req res responseTime err".split(" "));
/** Requests still running, by id: their completion line names them. Bounded if some never end. */
const OPEN_REQUESTS_KEPT = 1000;

interface Output {
	write(text: string): unknown;
	isTTY?: boolean;
}

const clock = (time: unknown) =>
	new Date(typeof time === "number" ? time : Date.now()).toTimeString().slice(0, 8);

/** A pino destination that writes readable lines to `out` (colours only on a terminal). */
export function readableLogStream(out: Output) {
	const open = new Map<unknown, string>();
	const paint = (text: string, color: number) => (out.isTTY ? `\u001b[${color}m${text}\u001b[0m` : text);
	return {
		write(line: string): void {
			let entry: Record<string, unknown>;
			try {
				entry = JSON.parse(line) as Record<string, unknown>;
			} catch {
				out.write(line);
				return;
			}
			const [name, color] = LEVELS[Number(entry.level)] ?? ["LOG  ", 0];
			const req = entry.req as { method?: string; url?: string } | undefined;
			const res = entry.res as { statusCode?: number } | undefined;
			let text = String(entry.msg ?? "");
			if (req?.method && entry.msg === "incoming request") {
				// Said once, when the request ends.
				if (open.size >= OPEN_REQUESTS_KEPT) open.clear();
				open.set(entry.reqId, `${req.method} ${req.url ?? ""}`);
				return;
			}
			const request = open.get(entry.reqId);
			if (entry.msg === "request completed" && res?.statusCode !== undefined) {
				open.delete(entry.reqId);
				const took = typeof entry.responseTime === "number" ? ` ${entry.responseTime.toFixed(1)} ms` : "";
				text = `${request ?? text} ${res.statusCode}${took}`;
			} else if (request) text = `${request}: ${text}`;
			const extra = Object.entries(entry)
				.filter(([key]) => !SHOWN.has(key))
				.map(
					([key, value]) =>
						`${key}=${typeof value === "string" ? value : inspect(value, { breakLength: Infinity })}`,
				);
			const err = entry.err as { stack?: string; message?: string } | undefined;
			const stack = err ? `\n    ${(err.stack ?? err.message ?? "").replace(/\n/g, "\n    ")}` : "";
			out.write(`${clock(entry.time)} ${paint(name, color)} ${[text, ...extra].join(" ")}${stack}\n`);
		},
	};
}

/**
 * Where the log goes: readable lines when asked (LOG_FORMAT=pretty), or by default when the
 * output is a terminal; JSON lines when asked, or when the output is piped or collected (a
 * service manager, a container, a file), as a production server's is.
 */
export function logStream(format: LogFormat | undefined, out: Output) {
	const chosen = format ?? (out.isTTY ? "pretty" : "json");
	return chosen === "pretty" ? readableLogStream(out) : undefined;
}
