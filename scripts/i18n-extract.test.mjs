import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractCatalogue, sourceFiles } from "./i18n-extract.mjs";

const GOOD = `import { __, _n, _nx, _x, sprintf } from "@wordpress/i18n";
import type { Translator } from "../domain/translator";

export function labels(count: number, t: Translator) {
	return [
		/* translators: the menu item */ __("Payments", "paydesk"),
		_x("Post", "verb: publish", "paydesk"),
		sprintf(
			/* translators: %d: number of payouts */
			_n("%d payout", "%d payouts", count, "paydesk"),
			count,
		),
		_nx("%d dispute", "%d disputes", count, "noun", "paydesk"),
		t.__("Log In", "paydesk"),
		__("A long text " + "in two parts", "paydesk"),
	];
}

export const Title = () => <h1>{__("Payments", "paydesk")}</h1>;
`;

const BAD = `import { __, _x } from "@wordpress/i18n";

export function label(text: string, context: string) {
	return [
		__(text, "paydesk"),
		__("No domain"),
		__("Other domain", "woocommerce"),
		_x("Post", context, "paydesk"),
		__(\`Template \${text}\`, "paydesk"),
	];
}
`;

let root;
beforeAll(() => {
	root = mkdtempSync(path.join(tmpdir(), "paydesk-i18n-"));
	mkdirSync(path.join(root, "src/app"), { recursive: true });
	writeFileSync(path.join(root, "src/app/good.tsx"), GOOD);
	writeFileSync(path.join(root, "src/app/bad.ts"), BAD);
	writeFileSync(path.join(root, "src/app/good.test.tsx"), `__(skipped, "paydesk");\n`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("extraction into the .pot", () => {
	it("reads the source files and skips test files", () => {
		expect(sourceFiles(root, ["src"])).toEqual(["src/app/bad.ts", "src/app/good.tsx"]);
	});

	it("gives each string its references, context, plural and translator comment", async () => {
		const { catalogue, problems } = await extractCatalogue(["src/app/good.tsx"], root);
		expect(problems).toEqual([]);
		const plain = catalogue.translations[""];
		// Every call's reference and the comment of the first, which makepot alone would lose.
		expect(plain.Payments.comments).toEqual({
			reference: "src/app/good.tsx:6\nsrc/app/good.tsx:19",
			extracted: "the menu item",
		});
		expect(plain["%d payout"]).toMatchObject({
			msgid_plural: "%d payouts",
			msgstr: ["", ""],
			comments: { extracted: "%d: number of payouts", reference: "src/app/good.tsx:10" },
		});
		expect(catalogue.translations["verb: publish"].Post.msgctxt).toBe("verb: publish");
		expect(catalogue.translations.noun["%d dispute"].msgid_plural).toBe("%d disputes");
		expect(plain["Log In"].comments.reference).toBe("src/app/good.tsx:14");
		expect(plain["A long text in two parts"]).toBeDefined();
		expect(catalogue.headers["X-Domain"]).toBe("paydesk");
	});
});

describe("the build check: a translation call that cannot be extracted fails", () => {
	it("names file:line and the fault of each such call", async () => {
		const { problems } = await extractCatalogue(["src/app/bad.ts"], root);
		expect(problems.map(({ line, message, call }) => ({ line, message, call }))).toEqual([
			{
				line: 5,
				message: "__(): its text is a Identifier, not a string literal, so it cannot be extracted",
				call: "__(text)",
			},
			{ line: 6, message: '__(): no text domain (pass "paydesk")', call: '__("No domain")' },
			{
				line: 7,
				message: '__(): its text domain is "woocommerce", not "paydesk"',
				call: '__("woocommerce")',
			},
			{
				line: 8,
				message: "_x(): its context is a Identifier, not a string literal, so it cannot be extracted",
				call: "_x(context)",
			},
			{
				line: 9,
				message: "__(): its text is a template literal, not a string literal, so it cannot be extracted",
				call: `__(\`Template $\{text}\`)`,
			},
		]);
		expect(problems[0].file).toBe("src/app/bad.ts");
	});

	// Two runs of the script in processes of their own: seconds on a busy machine, beyond the 5 s default.
	it("exits non-zero on a file with __(variable, 'paydesk') and zero on a good one", () => {
		const run = (file) =>
			spawnSync(process.execPath, ["scripts/i18n-extract.mjs", "--check", path.join(root, file)], {
				cwd: path.resolve(import.meta.dirname, ".."),
				encoding: "utf8",
			});
		const bad = run("src/app/bad.ts");
		expect(bad.status).toBe(1);
		expect(bad.stderr).toMatch(/bad\.ts:5:6 __\(\): its text is a Identifier/);
		const good = run("src/app/good.tsx");
		expect(good.stderr).toBe("");
		expect(good.status).toBe(0);
	}, 60_000);
});
