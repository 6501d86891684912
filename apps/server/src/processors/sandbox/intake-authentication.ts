/**
 * The 3-D Secure side of an intent: its client secret (kept only as a hash) opens it
 * on the card issuer's page, where the customer's answer is recorded for confirmPayment.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/connection.ts";

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** "pi_…_secret_…": the intent's id, then a random part. */
export const newClientSecret = (intentId: string) =>
	`${intentId}_secret_${randomBytes(18).toString("base64url")}`;

/** The intent a client secret opens, or null when the secret is not the intent's. */
async function intentBySecret(db: Db, accountId: string, clientSecret: string) {
	const intentId = clientSecret.split("_secret_")[0] ?? "";
	const row = await db.kysely
		.selectFrom("payment_intents")
		.select(["id", "status", "amount", "currency", "authentication", "client_secret_hash", "return_url"])
		.where("account_id", "=", accountId)
		.where("id", "=", intentId)
		.executeTakeFirst();
	return row && row.client_secret_hash === hashSecret(clientSecret) ? row : null;
}

/**
 * Records the customer's answer on the 3-D Secure page, when the client secret is the intent's.
 * Answers the URL to send the customer back to (null when the store gave none), or false when
 * the secret does not open the intent.
 */
export async function recordAuthentication(
	db: Db,
	accountId: string,
	clientSecret: string,
	result: "complete" | "fail",
): Promise<{ intentId: string; returnUrl: string | null } | false> {
	const row = await intentBySecret(db, accountId, clientSecret);
	if (!row) return false;
	if (row.status === "requires_action") {
		await db.kysely
			.updateTable("payment_intents")
			.set({ authentication: result === "complete" ? "succeeded" : "failed" })
			.where("account_id", "=", accountId)
			.where("id", "=", row.id)
			.where("status", "=", "requires_action")
			.execute();
	}
	return { intentId: row.id, returnUrl: row.return_url };
}

/** An intent waiting for authentication, for the 3-D Secure page; null when the secret is wrong. */
export async function intentForSecret(
	db: Db,
	accountId: string,
	clientSecret: string,
): Promise<{
	id: string;
	status: string;
	amount: number;
	currency: string;
	authentication: string | null;
} | null> {
	const row = await intentBySecret(db, accountId, clientSecret);
	if (!row) return null;
	return {
		id: row.id,
		status: row.status,
		amount: row.amount,
		currency: row.currency,
		authentication: row.authentication,
	};
}
