/**
 * `npm start` in a terminal prints readable lines; piped or collected (a production server's
 * output) it keeps pino's JSON lines; LOG_FORMAT (json | pretty) chooses either way.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../src/env.ts";
import { redactingLogger } from "../../src/http/log-redaction.ts";
import { logStream, readableLogStream } from "../../src/http/readable-log.ts";
import { createTestApp, type TestApp } from "../../src/testing/test-app.ts";

/** An output that keeps what is written to it, a terminal or not. */
function output(isTTY: boolean) {
	const written: string[] = [];
	return { isTTY, written, write: (text: string) => void written.push(text) };
}

describe("the log's format", () => {
	it("is readable on a terminal and JSON when piped, unless LOG_FORMAT says otherwise", () => {
		expect(logStream(undefined, output(true))).toBeDefined();
		expect(logStream(undefined, output(false))).toBeUndefined();
		expect(logStream("json", output(true))).toBeUndefined();
		expect(logStream("pretty", output(false))).toBeDefined();
	});

	it("LOG_FORMAT is json or pretty, checked at boot", () => {
		expect(readEnv({ LOG_FORMAT: "pretty" }).LOG_FORMAT).toBe("pretty");
		expect(readEnv({}).LOG_FORMAT).toBeUndefined();
		expect(() => readEnv({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
	});
});

describe("readable lines", () => {
	const terminal = output(false);
	let t: TestApp;
	beforeAll(async () => {
		t = await createTestApp({ logger: { level: "info", stream: readableLogStream(terminal) } });
	});
	afterAll(async () => t.close());

	it("a request is one line when it ends: time, level, method, URL, status and time taken", async () => {
		terminal.written.length = 0;
		await t.app.inject({ url: "/wp-json/wc/v3/payments/accounts?_wpnonce=abc" });
		expect(terminal.written).toHaveLength(1);
		expect(terminal.written[0]).toMatch(
			/^\d\d:\d\d:\d\d INFO {2}GET \/wp-json\/wc\/v3\/payments\/accounts\?_wpnonce=\[redacted\] 401 \d+\.\d ms\n$/,
		);
	});

	it("an error says so, with its stack below", async () => {
		const out = output(false);
		const app = Fastify({ logger: redactingLogger({ level: "info", stream: readableLogStream(out) }) });
		app.get("/broken", async () => {
			throw new Error("the disk is full");
		});
		await app.inject({ url: "/broken" });
		await app.close();
		const text = out.written.join("");
		expect(text).toMatch(
			/^\d\d:\d\d:\d\d ERROR GET \/broken: the disk is full\n {4}Error: the disk is full\n +at /,
		);
		expect(text).toMatch(/\n\d\d:\d\d:\d\d INFO {2}GET \/broken 500 \d+\.\d ms\n$/);
		expect(text).not.toMatch(/^\{/m);
	});

	it("other entries show their message and fields; a line that is not JSON passes as it is", () => {
		const out = output(false);
		const stream = readableLogStream(out);
		stream.write(`${JSON.stringify({ level: 30, time: 0, msg: "shutting down", signal: "SIGINT" })}\n`);
		stream.write("plain text\n");
		expect(out.written[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}shutting down signal=SIGINT\n$/);
		expect(out.written[1]).toBe("plain text\n");
	});

	it("colours the level on a terminal only", () => {
		const tty = output(true);
		readableLogStream(tty).write(`${JSON.stringify({ level: 40, time: 0, msg: "slow" })}\n`);
		expect(tty.written[0]).toContain("\u001b[33mWARN \u001b[0m slow");
	});
});
