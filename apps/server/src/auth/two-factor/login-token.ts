/**
 * The sign-in that waits for its code, between a right password and a right code: no session
 * exists yet. It travels in the code form as a token (the `wp-auth-nonce` field, as WordPress's
 * Two Factor plugin names it), signed with a key derived from the application key: the user,
 * whether to remember them, when it runs out, and a random nonce. The user's row keeps the
 * nonce's hash, and taking the token clears it in one conditional update, so a token works once;
 * a wrong code is answered with a new token that runs out when the first did.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/schema.ts";
import type { AuthUser } from "../context.ts";
import type { TwoFactorSecrets } from "./secrets.ts";

/** How long a password's sign-in waits for its code. */
export const LOGIN_TOKEN_SECONDS = 10 * 60;

const payloadSchema = z.object({
	a: z.string(),
	u: z.number().int(),
	r: z.boolean(),
	e: z.number().int(),
	n: z.string(),
});

export interface PendingSignIn {
	accountId: string;
	userId: number;
	remember: boolean;
	expires: number;
}

const hashNonce = (nonce: string) => createHash("sha256").update(nonce).digest("hex");

export async function issueLoginToken(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	user: Pick<AuthUser, "accountId" | "id">,
	input: { remember: boolean; expires: number },
): Promise<string> {
	const nonce = randomBytes(24).toString("base64url");
	await db
		.updateTable("two_factor")
		.set({ login_nonce: hashNonce(nonce), login_expires: input.expires })
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id)
		.execute();
	const payload = Buffer.from(
		JSON.stringify({ a: user.accountId, u: user.id, r: input.remember, e: input.expires, n: nonce }),
	).toString("base64url");
	return `${payload}.${secrets.sign(payload)}`;
}

function readToken(secrets: TwoFactorSecrets, token: string): z.infer<typeof payloadSchema> | null {
	const [payload, signature, ...rest] = token.split(".");
	if (!payload || !signature || rest.length > 0 || token.length > 600) return null;
	try {
		// No application key (PostgreSQL without one) signed no token either.
		if (!secrets.verify(payload, signature)) return null;
		const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
		return parsed.success ? parsed.data : null;
	} catch {
		return null;
	}
}

/**
 * Takes the token: the sign-in it stands for when it is this server's, unexpired and not taken
 * before (nor replaced by a later sign-in of the same user), else null.
 */
export async function takeLoginToken(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	token: string,
	now: number,
): Promise<PendingSignIn | null> {
	const read = readToken(secrets, token);
	if (!read || read.e <= now) return null;
	const result = await db
		.updateTable("two_factor")
		.set({ login_nonce: null, login_expires: null })
		.where("account_id", "=", read.a)
		.where("user_id", "=", read.u)
		.where("login_nonce", "=", hashNonce(read.n))
		.where("login_expires", ">", now)
		.executeTakeFirst();
	if (Number(result.numUpdatedRows) !== 1) return null;
	return { accountId: read.a, userId: read.u, remember: read.r, expires: read.e };
}

/** A sign-in waiting for its code no longer may finish (the password changed). */
export async function dropPendingSignIn(
	db: Kysely<Database>,
	user: Pick<AuthUser, "accountId" | "id">,
): Promise<void> {
	await db
		.updateTable("two_factor")
		.set({ login_nonce: null, login_expires: null })
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id)
		.execute();
}
