/**
 * The rooms of the server keep their doors (DESIGN §1–§2):
 * - a processor is reached through processors/processor.ts (what a processor does) and
 *   processors/registry.ts (which one an account uses), never through its internals: only the
 *   sandbox's own surfaces (below, each with its reason) and the sandbox itself reach inside it;
 * - what every processor shares (ledger/, accounts/, clock.ts) and the infrastructure under it
 *   (db/, http/, lists/ …) never depend on a processor;
 * - a payments area never imports another area's modules.
 * The imports are read from the sources, so a new violation fails here the moment it is written.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");

/** Where the sandbox's internals may be imported from, and why. */
const SANDBOX_SURFACES: Record<string, string> = {
	"processors/": "the processors themselves and their registry",
	"app.ts": "registers the sandbox partner's own pages (KYC, 3-D Secure, payment methods)",
	"payments/onboarding/": "the sandbox partner's onboarding and test drive, which only the sandbox has",
	"test-checkout/": "the sandbox's test checkout page, which pays with its test cards",
	"seed/": "builds sandbox demo stores row by row",
	"testing/": "test helpers",
};

/** Rooms every processor stands on: they may not know any processor. */
const SHARED_ROOMS = [
	"ledger/",
	"accounts/",
	"clock.ts",
	"db/",
	"http/",
	"lists/",
	"auth/",
	"jobs/",
	"notifications/",
	"geoip/",
];

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		if (statSync(full).isDirectory()) return name === "assets" ? [] : sources(full);
		return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
	});
}

/** Each relative import of a module, resolved to its path under src/. */
function importsOf(file: string): string[] {
	const text = readFileSync(file, "utf8");
	const found: string[] = [];
	for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
		found.push(path.relative(SRC, path.resolve(path.dirname(file), match[1] ?? "")));
	}
	return found;
}

const modules = sources(SRC).map((file) => ({ name: path.relative(SRC, file), imports: importsOf(file) }));
const inside = (name: string, rooms: readonly string[]) =>
	rooms.some((room) => (room.endsWith("/") ? name.startsWith(room) : name === room));

describe("the server's rooms keep their doors", () => {
	it("only the sandbox's own surfaces import its internals; everything else goes through processors/processor.ts and registry.ts", () => {
		const reaching = modules.flatMap(({ name, imports }) =>
			inside(name, Object.keys(SANDBOX_SURFACES))
				? []
				: imports
						.filter((target) => target.startsWith("processors/sandbox/"))
						.map((target) => `${name} → ${target}`),
		);
		expect(reaching).toEqual([]);
	});

	it("the ledger, the accounts and the infrastructure never depend on a processor", () => {
		const reaching = modules.flatMap(({ name, imports }) =>
			inside(name, SHARED_ROOMS)
				? imports.filter((target) => target.startsWith("processors/")).map((target) => `${name} → ${target}`)
				: [],
		);
		expect(reaching).toEqual([]);
	});

	it("a payments area never imports another area's modules", () => {
		const crossing = modules.flatMap(({ name, imports }) => {
			const area = /^payments\/([^/]+)\//.exec(name)?.[1];
			if (!area) return [];
			return imports
				.filter((target) => {
					const other = /^payments\/([^/]+)\//.exec(target)?.[1];
					return other !== undefined && other !== area;
				})
				.map((target) => `${name} → ${target}`);
		});
		expect(crossing).toEqual([]);
	});

	it("fails on a seeded violation (the rule is not blind)", () => {
		const seeded = [{ name: "payments/refunds/routes.ts", imports: ["processors/sandbox/refunds.ts"] }];
		const reaching = seeded.filter(
			({ name, imports }) =>
				!inside(name, Object.keys(SANDBOX_SURFACES)) &&
				imports.some((target) => target.startsWith("processors/sandbox/")),
		);
		expect(reaching).toHaveLength(1);
	});
});
