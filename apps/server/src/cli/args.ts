/** `--name value` and `--flag` pairs after the positional words. */
export function parseArgs(argv: readonly string[]): { positional: string[]; flags: Record<string, string> } {
	const positional: string[] = [];
	const flags: Record<string, string> = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] ?? "";
		if (arg.startsWith("--")) {
			const [name = "", inline] = arg.slice(2).split("=", 2);
			const next = argv[i + 1];
			if (inline !== undefined) flags[name] = inline;
			else if (next !== undefined && !next.startsWith("--")) {
				flags[name] = next;
				i++;
			} else flags[name] = "true";
		} else positional.push(arg);
	}
	return { positional, flags };
}

export function fail(message: string): never {
	process.stderr.write(`${message}\n`);
	process.exit(2);
}
