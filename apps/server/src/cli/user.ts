/**
 * npm run user -- create <login> <email> <role> [--password P]
 * npm run user -- app-password <login> <name>     (prints the new application password last)
 */
import { randomBytes } from "node:crypto";
import { ROLES, type Role } from "@paydesk/contract/wp";
import { createApplicationPassword, createUser, findUserRow, toAuthUser } from "../auth/users.ts";
import { openMigratedDb } from "../bootstrap.ts";
import { systemClock } from "../clock.ts";
import { readEnv } from "../env.ts";
import { fail, parseArgs } from "./args.ts";

const USAGE = `Usage:
  npm run user -- create <login> <email> <role> [--password P]   role: ${ROLES.join(", ")}
  npm run user -- app-password <login> <name>`;

const { positional, flags } = parseArgs(process.argv.slice(2));
const [command, ...rest] = positional;
const env = readEnv(process.env);

if (command === "create") {
	const [login, email, role] = rest;
	if (!login || !email || !role) fail(USAGE);
	if (!/^[\w.@-]{1,60}$/.test(login)) fail("The login may use letters, digits, and . _ @ - only.");
	if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("The e-mail address is not valid.");
	if (!ROLES.includes(role as Role)) fail(`Unknown role "${role}". Roles: ${ROLES.join(", ")}`);
	const db = await openMigratedDb(env);
	try {
		if (await findUserRow(db.kysely, login)) fail(`A user "${login}" already exists.`);
		if (await findUserRow(db.kysely, email)) fail(`A user with the e-mail ${email} already exists.`);
		const password = flags.password ?? randomBytes(12).toString("base64url");
		const user = await createUser(db.kysely, {
			accountId: env.ACCOUNT_ID,
			login,
			email,
			role: role as Role,
			password,
			created: systemClock.seconds(),
		});
		process.stdout.write(`Created ${user.role} "${user.login}" (id ${user.id}).\n`);
		if (!flags.password) process.stdout.write(`Password: ${password}\n`);
	} finally {
		await db.close();
	}
} else if (command === "app-password") {
	const [login, name] = rest;
	if (!login || !name) fail(USAGE);
	const db = await openMigratedDb(env);
	try {
		const row = await findUserRow(db.kysely, login);
		if (!row) fail(`No user "${login}".`);
		const { password } = await createApplicationPassword(
			db.kysely,
			toAuthUser(row),
			name,
			systemClock.seconds(),
		);
		process.stdout.write(
			`Application password "${name}" for ${row.login} (use it with HTTP Basic):\n${password}\n`,
		);
	} finally {
		await db.close();
	}
} else {
	fail(USAGE);
}
