// The translation functions of @wordpress/i18n, and a Babel plugin that reports every call of
// one whose strings could not be extracted into the catalogue: a text, plural or context that
// is not a string literal (a variable, a template with placeholders, a call), or a text domain
// other than Paydesk's. Such a call still runs, but its text is missing from the .pot, so no
// translator ever sees it and every language shows it in English.

export const TEXT_DOMAIN = "paydesk";

/**
 * What each argument of a translation function is, by position (null: the number of _n and
 * _nx, any expression). Called by name (`__(…)`) or as a method (`translator.__(…)`), as
 * @wordpress/babel-plugin-makepot reads them.
 */
export const TRANSLATION_FUNCTIONS = {
	__: ["text", "domain"],
	_x: ["text", "context", "domain"],
	_n: ["single", "plural", null, "domain"],
	_nx: ["single", "plural", null, "context", "domain"],
};

/**
 * The string a node stands for when the extractor can read it: a string literal, or string
 * literals joined with `+` (which makepot also reads). Anything else is null.
 */
export function literalString(node) {
	if (!node) return null;
	if (node.type === "StringLiteral") return node.value;
	if (node.type === "BinaryExpression" && node.operator === "+") {
		const left = literalString(node.left);
		const right = literalString(node.right);
		return left === null || right === null ? null : left + right;
	}
	return null;
}

export function calleeName(callee) {
	if (callee.type === "Identifier") return callee.name;
	if (callee.type === "MemberExpression" && !callee.computed && callee.property.type === "Identifier")
		return callee.property.name;
	return null;
}

function problemOf(role, node) {
	if (!node) return role === "domain" ? `no text domain (pass "${TEXT_DOMAIN}")` : `no ${role} argument`;
	const value = literalString(node);
	if (value === null) {
		const what = node.type === "TemplateLiteral" ? "a template literal" : `a ${node.type}`;
		return `its ${role} is ${what}, not a string literal, so it cannot be extracted`;
	}
	if (role === "domain" && value !== TEXT_DOMAIN)
		return `its text domain is "${value}", not "${TEXT_DOMAIN}"`;
	if (role !== "domain" && value === "") return `its ${role} is empty`;
	return null;
}

/**
 * The problems of one call (an empty list when it extracts cleanly), each with a sentence and
 * the argument at fault (the call itself when an argument is missing).
 */
export function translationCallProblems(node) {
	const name = calleeName(node.callee);
	const roles = name && Object.hasOwn(TRANSLATION_FUNCTIONS, name) ? TRANSLATION_FUNCTIONS[name] : undefined;
	if (!roles) return [];
	const problems = [];
	roles.forEach((role, index) => {
		if (role === null) return;
		const arg = node.arguments[index];
		const problem = arg?.type === "SpreadElement" ? `its ${role} is spread` : problemOf(role, arg);
		if (problem) problems.push({ name, message: `${name}(): ${problem}`, node: arg ?? node });
	});
	return problems;
}

/** The context ("" when none) and msgid of a call that extracts cleanly. */
export function translationKey(node) {
	const roles = TRANSLATION_FUNCTIONS[calleeName(node.callee)];
	const at = (role) => roles.indexOf(role);
	const text = literalString(node.arguments[Math.max(at("text"), at("single"))]);
	const context = at("context") === -1 ? "" : literalString(node.arguments[at("context")]);
	return { context, msgid: text };
}

/**
 * A Babel plugin that reads every translation call. It adds each problem found to `problems`
 * as { file, line, column, message, call }, where call names the function and the argument at
 * fault as written, e.g. "__(guidance.label)"; and each call that extracts cleanly to
 * `occurrences` as { context, msgid, file, line, comment } (comment: its translator comment,
 * found by `findComment(path)`, or undefined).
 */
export function translationCalls({ problems, occurrences, findComment }) {
	return () => ({
		visitor: {
			CallExpression(path, state) {
				const found = translationCallProblems(path.node);
				const file = state.file.opts.filename;
				for (const { name, message, node } of found) {
					const { line, column } = node.loc.start;
					const code = state.file.code.slice(node.start, node.end).replace(/\s+/g, " ");
					problems.push({
						file,
						line,
						column: column + 1,
						message,
						call: node === path.node ? code : `${name}(${code})`,
					});
				}
				const name = calleeName(path.node.callee);
				if (found.length || !name || !Object.hasOwn(TRANSLATION_FUNCTIONS, name)) return;
				const { line } = path.node.loc.start;
				occurrences.push({ ...translationKey(path.node), file, line, comment: findComment(path) });
			},
		},
	});
}
