import { describe, expect, it } from "vitest";
import { parseQueryString } from "./query-string.ts";

describe("query strings are read as PHP reads them", () => {
	it("reads indexed keys as an ordered array", () => {
		expect(parseQueryString("date_between[1]=2026-02-01&date_between[0]=2026-01-01")).toEqual({
			date_between: ["2026-01-01", "2026-02-01"],
		});
	});
	it("reads empty brackets as a list", () => {
		expect(parseQueryString("type_is_in[]=charge&type_is_in[]=refund&page=2")).toEqual({
			type_is_in: ["charge", "refund"],
			page: "2",
		});
	});
	it("keeps the last value of a repeated plain key", () => {
		expect(parseQueryString("page=1&page=3")).toEqual({ page: "3" });
	});
});

describe("query strings are written back the same way", () => {
	it("writes arrays with indexes and drops empty values", async () => {
		const { buildQueryString } = await import("./query-string.ts");
		const text = buildQueryString({
			page: 2,
			date_between: ["2026-01-01", "2026-02-01"],
			search: "",
			x: undefined,
		});
		expect(text).toBe("page=2&date_between[0]=2026-01-01&date_between[1]=2026-02-01");
		expect(parseQueryString(text)).toEqual({ page: "2", date_between: ["2026-01-01", "2026-02-01"] });
	});
});
