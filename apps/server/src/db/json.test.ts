/**
 * A JSON column is read through the schema of what Paydesk writes in it: an empty column is its
 * fallback, a matching document is read as it was stored, and a document that does not match
 * fails the test that reads it, while a server outside tests warns once and reads the fallback.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { parseJsonColumn, StoredJsonError } from "./json.ts";

const schedule = z.object({ interval: z.enum(["daily", "weekly"]), delay_days: z.number() });

afterEach(() => {
	vi.unstubAllEnvs();
	vi.restoreAllMocks();
});

describe("parseJsonColumn", () => {
	it("reads an empty column (null or empty text) as the fallback", () => {
		const fallback = { interval: "daily" as const, delay_days: 7 };
		expect(parseJsonColumn(schedule, null, fallback)).toBe(fallback);
		expect(parseJsonColumn(schedule, "", fallback)).toBe(fallback);
		expect(parseJsonColumn(schedule, undefined, null)).toBeNull();
	});

	it("reads a matching document as it was stored: its other keys kept, in their order", () => {
		const value = parseJsonColumn(schedule, '{"note":"x","delay_days":2,"interval":"weekly"}', null);
		expect(value).toEqual({ note: "x", delay_days: 2, interval: "weekly" });
		expect(Object.keys(value ?? {})).toEqual(["note", "delay_days", "interval"]);
	});

	it("under test, throws for a document that does not match its schema, naming its column and field", () => {
		const read = () =>
			parseJsonColumn(
				schedule.describe("accounts.deposits_schedule"),
				'{"interval":"hourly","delay_days":2}',
				null,
			);
		expect(read).toThrow(StoredJsonError);
		expect(read).toThrow(/accounts\.deposits_schedule does not match its schema[\s\S]*interval/);
	});

	it("under test, throws for a column that is not JSON", () => {
		expect(() =>
			parseJsonColumn(schedule.describe("accounts.deposits_schedule"), "{interval:", null),
		).toThrow(/accounts\.deposits_schedule is not JSON/);
	});

	it("outside tests, reads a document that does not match as the fallback and warns once per column", () => {
		vi.stubEnv("VITEST", "");
		const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
		const column = schedule.describe("test_table.warned_once");
		expect(parseJsonColumn(column, '{"interval":"hourly"}', null)).toBeNull();
		expect(parseJsonColumn(column, "not JSON", null)).toBeNull();
		expect(warn).toHaveBeenCalledTimes(1);
		expect(warn.mock.calls[0]?.[0]).toMatch(/^test_table\.warned_once does not match its schema/);
		expect(warn.mock.calls[0]?.[1]).toEqual({ code: "PAYDESK_STORED_JSON" });
	});
});
