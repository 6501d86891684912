// npm run i18n:extract: every translation call (__, _x, _n, _nx of @wordpress/i18n, or of a
// translator object) in the admin, the server, packages/contract and packages/domain, read by
// @wordpress/babel-plugin-makepot into languages/paydesk.pot, with each string's source
// references, translator comment ("/* translators: … */" on the line of the call or the one
// before), context and plural. Test files are skipped.
//
// It fails, naming file:line of each, when a call cannot be extracted (see
// i18n/translation-calls.mjs), so `--check` (the lint stage of npm test, the admin's build)
// stops a text that would never be translated, such as a variable passed as the text: a text
// that packages/domain writes is translated there, through the Translator the caller passes.
//
//   node scripts/i18n-extract.mjs [--check [file or folder…]]   (check only those)
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformAsync } from "@babel/core";
import makepot from "@wordpress/babel-plugin-makepot";
import { POT_FILE, ROOT, readCatalogue, templateHeaders, writeCatalogue } from "./i18n/catalogue-files.mjs";
import { translationCalls } from "./i18n/translation-calls.mjs";

export const SOURCE_DIRS = [
	"apps/admin/src",
	"apps/server/src",
	"packages/contract/src",
	"packages/domain/src",
];
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const SKIPPED = /\.test\.[cm]?[jt]sx?$|\.d\.ts$/;

/** The source files under the folders, relative to root, in a stable order. */
export function sourceFiles(root = ROOT, dirs = SOURCE_DIRS) {
	const files = [];
	const walk = (dir) => {
		for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
			const file = path.posix.join(dir, entry.name);
			if (entry.isDirectory()) {
				if (entry.name !== "node_modules") walk(file);
			} else if (SOURCE_FILE.test(entry.name) && !SKIPPED.test(entry.name)) files.push(file);
		}
	};
	for (const dir of dirs) walk(dir);
	return files.sort();
}

function parserPlugins(file) {
	if (/\.[cm]?tsx$/.test(file)) return ["typescript", "jsx"];
	if (/\.[cm]?ts$/.test(file)) return ["typescript"];
	return ["jsx"];
}

/** Runs the Babel plugins over each file (relative to root); nothing is transformed or written. */
async function readFiles(files, root, plugins) {
	for (const file of files) {
		const filename = path.join(root, file);
		await transformAsync(readFileSync(filename, "utf8"), {
			filename,
			cwd: root,
			configFile: false,
			babelrc: false,
			code: false,
			ast: false,
			sourceType: "module",
			parserOpts: { plugins: parserPlugins(file) },
			plugins,
		});
	}
}

function relativeProblems(problems, root) {
	return problems.map((problem) => ({ ...problem, file: path.relative(root, problem.file) }));
}

/** The translation calls of the files (relative to root) that could not be extracted. */
export async function findUnextractableCalls(files, root = ROOT) {
	const problems = [];
	await readFiles(files, root, [
		translationCalls({ problems, occurrences: [], findComment: () => undefined }),
	]);
	return relativeProblems(problems, root);
}

/**
 * Reads the files (relative to root) and answers the template catalogue (gettext-parser's
 * shape, references relative to root) and the calls that could not be extracted.
 */
export async function extractCatalogue(files, root = ROOT) {
	const scratch = mkdtempSync(path.join(tmpdir(), "paydesk-makepot-"));
	const output = path.join(scratch, "paydesk.pot");
	const problems = [];
	const occurrences = [];
	// One plugin list for every file: Babel then keeps one makepot instance, which gathers the
	// strings of all the files and writes them all to `output` after each one.
	const plugins = [
		[makepot, { output, headers: { "content-type": "text/plain; charset=UTF-8" } }],
		translationCalls({ problems, occurrences, findComment: makepot.getExtractedComment }),
	];
	try {
		await readFiles(files, root, plugins);
		const catalogue = withEveryOccurrence(readExtracted(output), occurrences, root);
		return { catalogue, problems: relativeProblems(problems, root) };
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
}

/** makepot's file, or an empty catalogue when no file had a string. */
function readExtracted(output) {
	try {
		return readCatalogue(output);
	} catch (error) {
		if (error.code !== "ENOENT") throw error;
		return { charset: "utf-8", headers: {}, translations: {} };
	}
}

/**
 * The template: makepot's strings, each with the references (relative to root) and translator
 * comments of all its calls. makepot keeps, of a string used more than once, the comment of its
 * last call only, and one reference per file.
 */
function withEveryOccurrence(extracted, occurrences, root) {
	const seen = new Map();
	for (const { context, msgid, file, line, comment } of occurrences) {
		const key = `${context}\u0004${msgid}`;
		if (!seen.has(key)) seen.set(key, { references: [], comments: [] });
		const entry = seen.get(key);
		entry.references.push(`${path.relative(root, file).split(path.sep).join("/")}:${line}`);
		if (comment && !entry.comments.includes(comment)) entry.comments.push(comment);
	}
	const translations = { "": { "": { msgid: "", msgstr: [""] } } };
	for (const [context, entries] of Object.entries(extracted.translations)) {
		for (const [msgid, entry] of Object.entries(entries)) {
			if (msgid === "") continue;
			const { references = [], comments = [] } = seen.get(`${context}\u0004${msgid}`) ?? {};
			const { extracted: _makepotComment, ...others } = entry.comments ?? {};
			translations[context] ??= {};
			translations[context][msgid] = {
				...entry,
				comments: {
					...others,
					reference: [...new Set(references)].join("\n"),
					...(comments.length ? { extracted: comments.join("\n") } : {}),
				},
			};
		}
	}
	return { charset: "utf-8", headers: templateHeaders(), translations };
}

export function describeProblems(problems) {
	return problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`).join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const args = process.argv.slice(2);
	const check = args.includes("--check");
	const named = args
		.filter((arg) => !arg.startsWith("--"))
		.flatMap((arg) => {
			const file = path.relative(ROOT, path.resolve(arg));
			return statSync(arg).isDirectory() ? sourceFiles(ROOT, [file]) : [file];
		});
	const started = performance.now();
	const files = named.length && check ? named : sourceFiles();
	const { catalogue, problems } = check
		? { catalogue: null, problems: await findUnextractableCalls(files) }
		: await extractCatalogue(files);
	if (problems.length) {
		console.error(
			`${describeProblems(problems)}\n\n${problems.length} translation call(s) cannot be extracted: pass the text, context, plural and the "paydesk" domain as string literals (translate a variable's value where the literal is written, or in packages/domain with the Translator the caller passes).`,
		);
		process.exit(1);
	}
	const took = `${Math.round(performance.now() - started)} ms`;
	if (check) console.log(`Translation calls of ${files.length} files checked (${took})`);
	else {
		writeCatalogue(POT_FILE, catalogue);
		const count = Object.values(catalogue.translations).reduce((n, e) => n + Object.keys(e).length, 0) - 1;
		console.log(
			`Wrote ${path.relative(ROOT, POT_FILE)}: ${count} strings from ${files.length} files (${took})`,
		);
	}
}
