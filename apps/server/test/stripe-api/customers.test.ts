/**
 * Customers through Stripe's official Node SDK: create with a saved card, retrieve, update,
 * delete (a deleted customer reads as its tombstone), and lists filtered by e-mail and created
 * time with cursors. Bad input is Stripe's error and writes nothing; one account never reaches
 * another's customers. Each change is an event (customer.created, .updated, .deleted) on
 * /v1/events, as a webhook carries it.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const OTHER_ACCOUNT = "acct_other";

let t: TestApp;
let stripe: Stripe;
let other: Stripe;
let port: number;

function client(key: string): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
}

const failure = (promise: Promise<unknown>) =>
	promise.then(
		() => {
			throw new Error("expected Stripe's error");
		},
		(caught: unknown) => caught as Stripe.errors.StripeError,
	);

async function customerCount(): Promise<number> {
	const row = await t.db.kysely
		.selectFrom("stripe_customers")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("account_id", "=", TEST_ACCOUNT)
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 });
			await insertTestAccount(db.kysely, OTHER_ACCOUNT, { test_mode: 1 });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	stripe = client((await createApiKeys(t.db.kysely, TEST_ACCOUNT, "store", t.clock.seconds())).secret);
	other = client((await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds())).secret);
});

afterAll(() => t.close());

describe("a customer", () => {
	it("is created with its details and a payment method attached to it", async () => {
		const method = await stripe.paymentMethods.create({
			type: "card",
			card: { number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "123" },
		});
		const customer = await stripe.customers.create({
			email: "jenny@example.com",
			name: "Jenny Rosen",
			description: "First customer",
			phone: "+15555550100",
			metadata: { crm_id: "42" },
			payment_method: method.id,
		});
		expect(customer.id).toMatch(/^cus_/);
		expect(customer.object).toBe("customer");
		expect(customer.email).toBe("jenny@example.com");
		expect(customer.name).toBe("Jenny Rosen");
		expect(customer.description).toBe("First customer");
		expect(customer.phone).toBe("+15555550100");
		expect(customer.metadata).toEqual({ crm_id: "42" });
		expect(customer.livemode).toBe(false);
		expect(customer.created).toBe(t.clock.seconds());
		const attached = await stripe.paymentMethods.retrieve(method.id);
		expect(attached.customer).toBe(customer.id);
		const listed = await stripe.customers.listPaymentMethods(customer.id);
		expect(listed.data.map((item) => item.id)).toEqual([method.id]);
	});

	it("a named test method given at creation is saved as a new method of that card", async () => {
		const customer = await stripe.customers.create({ payment_method: "pm_card_mastercard" });
		const listed = await stripe.customers.listPaymentMethods(customer.id);
		expect(listed.data).toHaveLength(1);
		expect(listed.data[0]?.id).toMatch(/^pm_(?!card_)/);
		expect(listed.data[0]?.card?.brand).toBe("mastercard");
	});

	it("is retrieved and updated; metadata merges and an empty value removes its key", async () => {
		const created = await stripe.customers.create({ email: "a@example.com", metadata: { a: "1", b: "2" } });
		const updated = await stripe.customers.update(created.id, {
			name: "Ann",
			phone: "",
			metadata: { b: "", c: "3" },
		});
		expect(updated.name).toBe("Ann");
		expect(updated.phone).toBeNull();
		expect(updated.metadata).toEqual({ a: "1", c: "3" });
		const retrieved = await stripe.customers.retrieve(created.id);
		expect(retrieved).toEqual(updated);
	});

	it("once deleted reads as deleted, is left out of lists and cannot be updated or charged", async () => {
		const customer = await stripe.customers.create({
			email: "gone@example.com",
			payment_method: "pm_card_visa",
		});
		const method = (await stripe.customers.listPaymentMethods(customer.id)).data[0] as Stripe.PaymentMethod;
		const deleted = await stripe.customers.del(customer.id);
		expect(deleted).toEqual({ id: customer.id, object: "customer", deleted: true });
		const retrieved = await stripe.customers.retrieve(customer.id);
		expect(retrieved).toEqual({ id: customer.id, object: "customer", deleted: true });
		expect((await stripe.paymentMethods.retrieve(method.id)).customer).toBeNull();
		const listed = await stripe.customers.list({ email: "gone@example.com" });
		expect(listed.data).toEqual([]);
		const update = await failure(stripe.customers.update(customer.id, { name: "x" }));
		expect(update.statusCode).toBe(404);
		expect(update.code).toBe("resource_missing");
		const again = await failure(stripe.customers.del(customer.id));
		expect(again.statusCode).toBe(404);
		const intent = await failure(
			stripe.paymentIntents.create({ amount: 500, currency: "usd", customer: customer.id }),
		);
		expect(intent.param).toBe("customer");
	});

	it("refuses bad input and writes nothing", async () => {
		const before = await customerCount();
		const unknown = await failure(
			stripe.customers.create({ email: "x@example.com", colour: "red" } as Stripe.CustomerCreateParams),
		);
		expect(unknown.code).toBe("parameter_unknown");
		expect(unknown.param).toBe("colour");
		const badEmail = await failure(stripe.customers.create({ email: "not an address" }));
		expect(badEmail.param).toBe("email");
		const missingMethod = await failure(stripe.customers.create({ payment_method: "pm_missing" }));
		expect(missingMethod.statusCode).toBe(404);
		expect(missingMethod.param).toBe("payment_method");
		const missing = await failure(stripe.customers.retrieve("cus_missing"));
		expect(missing.statusCode).toBe(404);
		expect(missing.code).toBe("resource_missing");
		expect(await customerCount()).toBe(before);
	});

	it("a payment method attached to one customer is not attached to another", async () => {
		const first = await stripe.customers.create({ payment_method: "pm_card_visa" });
		const method = (await stripe.customers.listPaymentMethods(first.id)).data[0] as Stripe.PaymentMethod;
		const before = await customerCount();
		const error = await failure(stripe.customers.create({ payment_method: method.id }));
		expect(error.code).toBe("payment_method_unexpected_state");
		expect(await customerCount()).toBe(before);
	});
});

describe("the list of customers", () => {
	it("filters by e-mail and created time, newest first, and pages with cursors", async () => {
		t.clock.advance(100);
		const start = t.clock.seconds();
		const made: Stripe.Customer[] = [];
		for (let index = 0; index < 5; index++) {
			made.push(await stripe.customers.create({ email: "list@example.com", name: `n${index}` }));
			t.clock.advance(1);
		}
		await stripe.customers.create({ email: "elsewhere@example.com" });
		const byEmail = await stripe.customers.list({ email: "list@example.com", limit: 100 });
		expect(byEmail.data.map((customer) => customer.id)).toEqual(
			[...made].reverse().map((customer) => customer.id),
		);
		const ranged = await stripe.customers.list({ created: { gte: start + 1, lt: start + 3 }, limit: 100 });
		expect(ranged.data.map((customer) => customer.id)).toEqual([made[2]?.id, made[1]?.id]);
		const first = await stripe.customers.list({ email: "list@example.com", limit: 2 });
		expect(first.has_more).toBe(true);
		const next = await stripe.customers.list({
			email: "list@example.com",
			limit: 2,
			starting_after: first.data[1]?.id,
		});
		expect(next.data.map((customer) => customer.id)).toEqual([made[2]?.id, made[1]?.id]);
		const back = await stripe.customers.list({
			email: "list@example.com",
			limit: 2,
			ending_before: next.data[0]?.id,
		});
		expect(back.data.map((customer) => customer.id)).toEqual(first.data.map((customer) => customer.id));
		const all = await stripe.customers.list({ email: "list@example.com", limit: 2 }).autoPagingToArray({
			limit: 100,
		});
		expect(all).toHaveLength(5);
	});

	it("never shows another account's customers, nor takes one as a cursor", async () => {
		const mine = await stripe.customers.create({ email: "private@example.com" });
		expect((await other.customers.list({ email: "private@example.com" })).data).toEqual([]);
		const retrieve = await failure(other.customers.retrieve(mine.id));
		expect(retrieve.statusCode).toBe(404);
		const cursor = await failure(other.customers.list({ starting_after: mine.id }));
		expect(cursor.param).toBe("starting_after");
	});
});

describe("a customer's events", () => {
	it("are customer.created, customer.updated and customer.deleted, each carrying the customer", async () => {
		const customer = await stripe.customers.create({ email: "events@example.com", name: "Ada" });
		await stripe.customers.update(customer.id, { name: "Ada Lovelace" });
		await stripe.customers.del(customer.id);
		const events = await stripe.events.list({ type: "customer.*", limit: 100 });
		const mine = events.data.filter((event) => (event.data.object as { id: string }).id === customer.id);
		expect(mine.map((event) => event.type)).toEqual([
			"customer.deleted",
			"customer.updated",
			"customer.created",
		]);
		for (const event of mine) {
			expect(event.data.object).toMatchObject({
				id: customer.id,
				object: "customer",
				email: "events@example.com",
			});
		}
		const created = await stripe.events.retrieve(mine[2]?.id ?? "");
		expect(created.type).toBe("customer.created");
		// Another account's customers make no event here.
		await other.customers.create({ email: "other-account-events@example.com" });
		const after = await stripe.events.list({ type: "customer.created", limit: 100 });
		expect(JSON.stringify(after.data)).toContain("events@example.com");
		expect(JSON.stringify(after.data)).not.toContain("other-account-events@example.com");
	});
});
