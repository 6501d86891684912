/**
 * Customers on Stripe's API: who pays, with their saved payment methods. A deleted customer is
 * kept as a tombstone: retrieving it answers `{ id, object, deleted: true }`, it is left out of
 * lists, cannot be updated or charged, and its payment methods are detached.
 */
import type Stripe from "stripe";
import { z } from "zod";
import { newId } from "../../db/ids.ts";
import type { StripeCustomersTable } from "../../db/schema.ts";
import { recordAccountEvents } from "../../ledger/events.ts";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { createdConditions, listOf, pageOf, planPage } from "../lists.ts";
import { metadataOf } from "../objects.ts";
import {
	email,
	expand,
	listParams,
	mergeMetadata,
	metadata,
	objectId,
	parseParams,
	retrieveParams,
	text,
	unsettable,
} from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { attachPaymentMethod, checkAttachable, detachAllOf } from "./payment-methods.ts";

const fields = {
	email: unsettable(email).optional(),
	name: unsettable(text(256)).optional(),
	description: unsettable(text(350)).optional(),
	phone: unsettable(text(20)).optional(),
	metadata: metadata.optional(),
	expand: expand.optional(),
};

const createParams = z.strictObject({ ...fields, payment_method: objectId.optional() });
const updateParams = z.strictObject(fields);
const deleteParams = z.strictObject({});
const listCustomersParams = z.strictObject({ ...listParams, email: z.string().max(512).optional() });

/** Fields that are always null here, so expanding them changes nothing. */
const EXPANDABLE = new Set(["default_source", "invoice_settings.default_payment_method", "test_clock"]);

export function customerObject(row: StripeCustomersTable, livemode: boolean): Stripe.Customer {
	return {
		id: row.id,
		object: "customer",
		address: null,
		balance: 0,
		created: row.created,
		currency: null,
		default_source: null,
		delinquent: false,
		description: row.description,
		discount: null,
		email: row.email,
		invoice_prefix: row.id.slice(4, 12).toUpperCase(),
		invoice_settings: {
			custom_fields: null,
			default_payment_method: null,
			footer: null,
			rendering_options: null,
		},
		livemode,
		metadata: metadataOf(row.metadata),
		name: row.name,
		next_invoice_sequence: 1,
		phone: row.phone,
		preferred_locales: [],
		shipping: null,
		tax_exempt: "none",
		test_clock: null,
	};
}

const deletedObject = (id: string): Stripe.DeletedCustomer => ({ id, object: "customer", deleted: true });

function findCustomer(context: V1Context, id: string): Promise<StripeCustomersTable | undefined> {
	return context.request.server.deps.db.kysely
		.selectFrom("stripe_customers")
		.selectAll()
		.where("account_id", "=", context.accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

/** A customer of the account that is not deleted, or a 404. */
async function requireLive(context: V1Context, id: string): Promise<StripeCustomersTable> {
	const row = await findCustomer(context, id);
	if (!row || row.deleted_at !== null) throw resourceMissing("customer", id);
	return row;
}

/** The customer as an expanded field shows it (a deleted one as its tombstone), or null. */
export async function findCustomerObject(
	context: V1Context,
	id: string,
): Promise<Stripe.Customer | Stripe.DeletedCustomer | null> {
	const row = await findCustomer(context, id);
	if (!row) return null;
	return row.deleted_at === null ? customerObject(row, context.livemode) : deletedObject(row.id);
}

function checkExpand(fields: readonly string[] | undefined): void {
	for (const field of fields ?? []) {
		if (!EXPANDABLE.has(field)) {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
	}
}

export function registerCustomers(router: V1Router): void {
	router.post("/customers", async (context) => {
		const params = parseParams(createParams, context.params);
		checkExpand(params.expand);
		if (params.payment_method) await checkAttachable(context, params.payment_method, "payment_method");
		const row: StripeCustomersTable = {
			account_id: context.accountId,
			id: newId("cus"),
			email: params.email ?? null,
			name: params.name ?? null,
			description: params.description ?? null,
			phone: params.phone ?? null,
			metadata: JSON.stringify(mergeMetadata({}, params.metadata ?? {})),
			created: context.now,
			deleted_at: null,
		};
		await context.request.server.deps.db.kysely.transaction().execute(async (trx) => {
			await trx.insertInto("stripe_customers").values(row).execute();
			const method = params.payment_method;
			if (method) await attachPaymentMethod(context, method, row.id, "payment_method", trx);
			await recordAccountEvents(trx, context.accountId, context.now, [
				{ type: "customer.created", objectId: row.id },
			]);
		});
		return customerObject(row, context.livemode);
	});

	router.get("/customers/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		checkExpand(params.expand);
		const id = context.path.id ?? "";
		const row = await findCustomer(context, id);
		if (!row) throw resourceMissing("customer", id);
		return row.deleted_at === null ? customerObject(row, context.livemode) : deletedObject(row.id);
	});

	router.post("/customers/:id", async (context) => {
		const params = parseParams(updateParams, context.params);
		checkExpand(params.expand);
		const row = await requireLive(context, context.path.id ?? "");
		const next: StripeCustomersTable = {
			...row,
			email: params.email === undefined ? row.email : params.email,
			name: params.name === undefined ? row.name : params.name,
			description: params.description === undefined ? row.description : params.description,
			phone: params.phone === undefined ? row.phone : params.phone,
			metadata: params.metadata
				? JSON.stringify(mergeMetadata(metadataOf(row.metadata), params.metadata))
				: row.metadata,
		};
		await context.request.server.deps.db.kysely.transaction().execute(async (trx) => {
			await trx
				.updateTable("stripe_customers")
				.set({
					email: next.email,
					name: next.name,
					description: next.description,
					phone: next.phone,
					metadata: next.metadata,
				})
				.where("account_id", "=", context.accountId)
				.where("id", "=", row.id)
				.execute();
			await recordAccountEvents(trx, context.accountId, context.now, [
				{ type: "customer.updated", objectId: row.id },
			]);
		});
		return customerObject(next, context.livemode);
	});

	router.delete("/customers/:id", async (context) => {
		parseParams(deleteParams, context.params);
		const row = await requireLive(context, context.path.id ?? "");
		await context.request.server.deps.db.kysely.transaction().execute(async (trx) => {
			const deleted = await trx
				.updateTable("stripe_customers")
				.set({ deleted_at: context.now })
				.where("account_id", "=", context.accountId)
				.where("id", "=", row.id)
				.where("deleted_at", "is", null)
				.executeTakeFirst();
			if (Number(deleted.numUpdatedRows) === 0) throw resourceMissing("customer", row.id);
			await detachAllOf(trx, context.accountId, row.id);
			await recordAccountEvents(trx, context.accountId, context.now, [
				{ type: "customer.deleted", objectId: row.id },
			]);
		});
		return deletedObject(row.id);
	});

	router.get("/customers", async (context) => {
		const params = parseParams(listCustomersParams, context.params);
		checkExpand((params.expand ?? []).map((field) => field.replace(/^data\./, "")));
		const db = context.request.server.deps.db.kysely;
		const plan = await planPage(params, { created: "created", id: "id" }, "customer", async (id) => {
			const row = await findCustomer(context, id);
			return row && row.deleted_at === null ? row.created : undefined;
		});
		let query = db
			.selectFrom("stripe_customers")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("deleted_at", "is", null);
		if (params.email !== undefined) query = query.where("email", "=", params.email);
		for (const condition of createdConditions("created", params.created)) query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("created", plan.direction)
			.orderBy("id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		return listOf(
			"/v1/customers",
			page.rows.map((row) => customerObject(row, context.livemode)),
			page.hasMore,
		);
	});
}
