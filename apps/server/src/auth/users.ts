import { randomUUID } from "node:crypto";
import type { Role } from "@paydesk/contract/wp";
import type { Kysely } from "kysely";
import { nextSequence } from "../db/ids.ts";
import type { Database, UsersTable } from "../db/schema.ts";
import type { AuthUser } from "./context.ts";
import {
	decoyHash,
	generateApplicationPassword,
	hashApplicationPassword,
	hashPassword,
	needsRehash,
	verifyApplicationPassword,
	verifyPassword,
} from "./passwords.ts";

export function toAuthUser(row: UsersTable): AuthUser {
	return {
		id: row.id,
		accountId: row.account_id,
		login: row.login,
		email: row.email,
		role: row.role as Role,
		firstName: row.first_name,
		lastName: row.last_name,
		displayName: row.display_name,
	};
}

export interface NewUser {
	accountId: string;
	login: string;
	email: string;
	role: Role;
	/** The password in clear, or its hash already made (tests reuse one hash for many users). */
	password: string | { hash: string };
	firstName?: string;
	lastName?: string;
	created: number;
}

export async function createUser(db: Kysely<Database>, input: NewUser): Promise<AuthUser> {
	const passwordHash =
		typeof input.password === "string" ? await hashPassword(input.password) : input.password.hash;
	return db.transaction().execute(async (trx) => {
		const id = await nextSequence(trx, input.accountId, "users");
		const row: UsersTable = {
			account_id: input.accountId,
			id,
			login: input.login,
			email: input.email,
			display_name: input.firstName || input.login,
			first_name: input.firstName ?? "",
			last_name: input.lastName ?? "",
			role: input.role,
			password_hash: passwordHash,
			created: input.created,
		};
		await trx.insertInto("users").values(row).execute();
		return toAuthUser(row);
	});
}

/** A user by login or e-mail, as the login form accepts either. */
export async function findUserRow(
	db: Kysely<Database>,
	loginOrEmail: string,
): Promise<UsersTable | undefined> {
	const key = loginOrEmail.trim();
	if (!key) return undefined;
	return db
		.selectFrom("users")
		.selectAll()
		.where((eb) => eb.or([eb("login", "=", key), eb("email", "=", key)]))
		.executeTakeFirst();
}

export async function loadUser(
	db: Kysely<Database>,
	accountId: string,
	id: number,
): Promise<AuthUser | null> {
	const row = await db
		.selectFrom("users")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
	return row ? toAuthUser(row) : null;
}

/**
 * Checks the password of a user found by login or e-mail (`row`, undefined when none was);
 * always spends one hash verification, user or not. A right password hashed at a lower cost than
 * today's is hashed again.
 */
export async function checkCredentials(
	db: Kysely<Database>,
	row: UsersTable | undefined,
	password: string,
): Promise<AuthUser | null> {
	const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
	if (!row || !ok) return null;
	if (needsRehash(row.password_hash)) {
		await db
			.updateTable("users")
			.set({ password_hash: await hashPassword(password) })
			.where("account_id", "=", row.account_id)
			.where("id", "=", row.id)
			.where("password_hash", "=", row.password_hash)
			.execute();
	}
	return toAuthUser(row);
}

/** Creates an application password and returns it in clear, once. */
export async function createApplicationPassword(
	db: Kysely<Database>,
	user: AuthUser,
	name: string,
	now: number,
): Promise<{ uuid: string; password: string }> {
	const password = generateApplicationPassword();
	const uuid = randomUUID();
	await db
		.insertInto("application_passwords")
		.values({
			account_id: user.accountId,
			uuid,
			user_id: user.id,
			name,
			password_hash: hashApplicationPassword(password),
			created: now,
			last_used: null,
			last_ip: null,
		})
		.execute();
	return { uuid, password };
}

/**
 * The application password of this user that matches, if any. An older (scrypt) hash of the one
 * that matched is replaced by the fast one.
 */
export async function matchApplicationPassword(
	db: Kysely<Database>,
	user: AuthUser | null,
	password: string,
): Promise<string | null> {
	if (!user) return null;
	const rows = await db
		.selectFrom("application_passwords")
		.select(["uuid", "password_hash"])
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id)
		.execute();
	for (const row of rows) {
		if (!(await verifyApplicationPassword(password, row.password_hash))) continue;
		if (!row.password_hash.startsWith("sha256$")) {
			await db
				.updateTable("application_passwords")
				.set({ password_hash: hashApplicationPassword(password) })
				.where("account_id", "=", user.accountId)
				.where("uuid", "=", row.uuid)
				.execute();
		}
		return row.uuid;
	}
	return null;
}
