/** The schedule the sandbox makes automatic payouts on, kept with the account. */
import type { DepositsSchedule } from "../../accounts/documents.ts";
import type { Db } from "../../db/connection.ts";

export async function setPayoutSchedule(
	db: Db,
	accountId: string,
	schedule: DepositsSchedule,
): Promise<void> {
	await db.kysely
		.updateTable("accounts")
		.set({ deposits_schedule: JSON.stringify(schedule) })
		.where("id", "=", accountId)
		.execute();
}
