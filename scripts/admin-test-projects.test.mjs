// The admin's tests run in two projects: most share their worker's loaded modules, and some run
// each in a module graph of its own (apps/admin/vitest.isolated.config.ts), among them every file
// that replaces a module with vi.mock: one not listed would see the real module whenever another
// file loaded it first.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ADMIN_ISOLATED_TESTS } from "../apps/admin/vitest.isolated.config.ts";

const admin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/admin");

function testFiles(folder) {
	return readdirSync(path.join(admin, folder), { withFileTypes: true }).flatMap((entry) => {
		const relative = `${folder}/${entry.name}`;
		if (entry.isDirectory()) return testFiles(relative);
		return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
	});
}

describe("the admin's test projects", () => {
	it("run apart every file that replaces a module with vi.mock", () => {
		const mocking = testFiles("src").filter((file) =>
			/\bvi\.mock\(/.test(readFileSync(path.join(admin, file), "utf8")),
		);
		expect(mocking.filter((file) => !ADMIN_ISOLATED_TESTS.includes(file))).toEqual([]);
	});
});
