/**
 * Who paid, in the copy of a connected Stripe account: its customers (stripe_customers) and
 * payment intents (intent_details), kept where the sandbox keeps its own, and what the charges
 * take from them (records.ts, chargeRow): the customer's name and e-mail where the payment's
 * billing details carry none, and the intent's status where the charge alone cannot tell it.
 *
 * - The history import takes customers and intents before charges, so a charge's row is written
 *   with them (payersOf).
 * - An event's customer or intent may come after its charges. Writing it then gives the charges
 *   of those intents what they lacked (fillCharges): the intent's status, and the customer's name
 *   and e-mail where they are still empty, on the charge, its ledger rows and its disputes. A name
 *   the payment carried is the payment's, and stays.
 */
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database, IntentDetailsTable, StripeCustomersTable } from "../../../db/schema.ts";
import { customerIdOf, customerRow, idOf, intentRow, intentStatusOf, type Payer } from "./records.ts";

type Intent = Pick<IntentDetailsTable, "intent_id" | "status" | "customer_id">;
type Customer = Pick<StripeCustomersTable, "id" | "name" | "email">;

async function intentsById(
	trx: Kysely<Database>,
	accountId: string,
	ids: readonly string[],
): Promise<Map<string, Intent>> {
	if (ids.length === 0) return new Map();
	const rows = await trx
		.selectFrom("intent_details")
		.select(["intent_id", "status", "customer_id"])
		.where("account_id", "=", accountId)
		.where("intent_id", "in", [...new Set(ids)])
		.execute();
	return new Map(rows.map((row) => [row.intent_id, row]));
}

/** Customers by id, deleted ones included: a payment keeps the name it was made under. */
async function customersById(
	trx: Kysely<Database>,
	accountId: string,
	ids: readonly string[],
): Promise<Map<string, Customer>> {
	if (ids.length === 0) return new Map();
	const rows = await trx
		.selectFrom("stripe_customers")
		.select(["id", "name", "email"])
		.where("account_id", "=", accountId)
		.where("id", "in", [...new Set(ids)])
		.execute();
	return new Map(rows.map((row) => [row.id, row]));
}

/** What the copy holds of each charge's intent and customer, by charge id. */
export async function payersOf(
	trx: Kysely<Database>,
	accountId: string,
	charges: readonly Stripe.Charge[],
): Promise<Map<string, Payer>> {
	const intents = await intentsById(
		trx,
		accountId,
		charges.flatMap((charge) => idOf(charge.payment_intent as string | { id: string } | null) ?? []),
	);
	const intentOf = (charge: Stripe.Charge) =>
		intents.get(idOf(charge.payment_intent as string | { id: string } | null) ?? "");
	const customers = await customersById(
		trx,
		accountId,
		charges.flatMap((charge) => customerIdOf(charge, intentOf(charge)) ?? []),
	);
	return new Map(
		charges.map((charge) => {
			const intent = intentOf(charge);
			const customer = customers.get(customerIdOf(charge, intent) ?? "");
			return [charge.id, { intent, customer }];
		}),
	);
}

/**
 * Writes customers: those not held are added; with `update` (an event's), those held take the
 * customer's state now, a deleted one is marked so, and the charges of its intents are filled.
 * Answers the ids this write added.
 */
export async function writeCustomers(
	trx: Kysely<Database>,
	accountId: string,
	customers: readonly (Stripe.Customer | Stripe.DeletedCustomer)[],
	update: boolean,
	now: number,
): Promise<Set<string>> {
	const held = new Set(
		(
			await customersById(
				trx,
				accountId,
				customers.map((customer) => customer.id),
			)
		).keys(),
	);
	const gone = customers.filter((customer) => "deleted" in customer && customer.deleted).map(({ id }) => id);
	if (update && gone.length > 0) {
		await trx
			.updateTable("stripe_customers")
			.set({ deleted_at: now })
			.where("account_id", "=", accountId)
			.where("id", "in", gone)
			.where("deleted_at", "is", null)
			.execute();
	}
	const rows = customers
		.filter((customer): customer is Stripe.Customer => !("deleted" in customer && customer.deleted))
		.filter((customer) => update || !held.has(customer.id))
		.map((customer) => customerRow(accountId, customer));
	const fresh = rows.filter((row) => !held.has(row.id));
	// A row another writer added meanwhile is not counted as this write's, and is updated as held.
	const added =
		fresh.length === 0
			? new Set<string>()
			: new Set(
					(
						await trx
							.insertInto("stripe_customers")
							.values(fresh)
							.onConflict((conflict) => conflict.columns(["account_id", "id"]).doNothing())
							.returning("id")
							.execute()
					).map((row) => row.id),
				);
	for (const { account_id: _account, id, ...columns } of rows) {
		if (added.has(id)) continue;
		await trx
			.updateTable("stripe_customers")
			.set(columns)
			.where("account_id", "=", accountId)
			.where("id", "=", id)
			.execute();
	}
	if (update && rows.length > 0) {
		const intents = await trx
			.selectFrom("intent_details")
			.select("intent_id")
			.where("account_id", "=", accountId)
			.where(
				"customer_id",
				"in",
				rows.map((row) => row.id),
			)
			.execute();
		await fillCharges(
			trx,
			accountId,
			intents.map((row) => row.intent_id),
		);
	}
	return added;
}

/**
 * Writes payment intents: those not held are added; with `update` (an event's), those held take
 * the intent's state now, and their charges are filled. Answers the ids this write added.
 */
export async function writeIntents(
	trx: Kysely<Database>,
	accountId: string,
	intents: readonly Stripe.PaymentIntent[],
	update: boolean,
): Promise<Set<string>> {
	const held = new Set(
		(
			await intentsById(
				trx,
				accountId,
				intents.map((intent) => intent.id),
			)
		).keys(),
	);
	const rows = intents
		.filter((intent) => update || !held.has(intent.id))
		.map((intent) => intentRow(accountId, intent));
	const fresh = rows.filter((row) => !held.has(row.intent_id));
	const added =
		fresh.length === 0
			? new Set<string>()
			: new Set(
					(
						await trx
							.insertInto("intent_details")
							.values(fresh)
							.onConflict((conflict) => conflict.columns(["account_id", "intent_id"]).doNothing())
							.returning("intent_id")
							.execute()
					).map((row) => row.intent_id),
				);
	for (const { account_id: _account, intent_id: id, ...columns } of rows) {
		if (added.has(id)) continue;
		await trx
			.updateTable("intent_details")
			.set(columns)
			.where("account_id", "=", accountId)
			.where("intent_id", "=", id)
			.execute();
	}
	if (update && rows.length > 0) {
		await fillCharges(
			trx,
			accountId,
			rows.map((row) => row.intent_id),
		);
	}
	return added;
}

/** Gives the charges of these intents their intent's status, and their customer's name and e-mail where empty. */
async function fillCharges(
	trx: Kysely<Database>,
	accountId: string,
	intentIds: readonly string[],
): Promise<void> {
	if (intentIds.length === 0) return;
	const charges = await trx
		.selectFrom("charges")
		.select([
			"id",
			"payment_intent_id",
			"status",
			"captured",
			"refunded",
			"intent_status",
			"customer_name",
			"customer_email",
		])
		.where("account_id", "=", accountId)
		.where("payment_intent_id", "in", [...new Set(intentIds)])
		.execute();
	if (charges.length === 0) return;
	const intents = await intentsById(
		trx,
		accountId,
		charges.map((charge) => charge.payment_intent_id),
	);
	const customers = await customersById(
		trx,
		accountId,
		[...intents.values()].flatMap((intent) => intent.customer_id ?? []),
	);
	for (const charge of charges) {
		const intent = intents.get(charge.payment_intent_id);
		const customer = customers.get(intent?.customer_id ?? "");
		const status = intentStatusOf(
			{ status: charge.status, captured: charge.captured === 1, refunded: charge.refunded === 1 },
			intent,
		);
		const name = charge.customer_name || customer?.name || "";
		const email = charge.customer_email || customer?.email || "";
		if (status === charge.intent_status && name === charge.customer_name && email === charge.customer_email)
			continue;
		await trx
			.updateTable("charges")
			.set({ intent_status: status, customer_name: name, customer_email: email })
			.where("account_id", "=", accountId)
			.where("id", "=", charge.id)
			.execute();
		if (name !== charge.customer_name) {
			await fillEmpty(trx, accountId, charge.id, "customer_name", name);
		}
		if (email !== charge.customer_email) {
			await fillEmpty(trx, accountId, charge.id, "customer_email", email);
		}
	}
}

/** A charge's ledger rows and disputes repeat its customer: an empty one takes the value found. */
async function fillEmpty(
	trx: Kysely<Database>,
	accountId: string,
	chargeId: string,
	column: "customer_name" | "customer_email",
	value: string,
): Promise<void> {
	for (const table of ["balance_transactions", "disputes"] as const) {
		await trx
			.updateTable(table)
			.set({ [column]: value })
			.where("account_id", "=", accountId)
			.where("charge_id", "=", chargeId)
			.where((eb) => eb.or([eb(column, "is", null), eb(column, "=", "")]))
			.execute();
	}
}
