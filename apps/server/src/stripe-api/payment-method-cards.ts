/**
 * Which test card a payment is made with: a named test method (`pm_card_visa`), a token
 * (`tok_visa`), a stored PaymentMethod (`pm_…`), or card details given inline. Stored payment
 * methods keep the SHA-256 of their test card's number, which finds the card again here.
 */
import { createHash } from "node:crypto";
import { namedTestCard } from "@paydesk/domain/stripe-test-methods";
import { TEST_CARDS, type TestCard } from "@paydesk/domain/test-cards";
import type { Kysely } from "kysely";
import type { Database, PaymentMethodsTable } from "../db/schema.ts";
import { invalidRequest, resourceMissing } from "./errors.ts";

export const cardHash = (number: string): string =>
	createHash("sha256").update(`paydesk-test-card:${number}`).digest("hex");

const BY_HASH = new Map(TEST_CARDS.map((card) => [cardHash(card.number), card]));

export function testCardOfHash(hash: string): TestCard | null {
	return BY_HASH.get(hash) ?? null;
}

/** A card as a payment takes it: the number to pay with and what the payment method says of it. */
export interface PayingCard {
	number: string;
	expMonth: number;
	expYear: number;
	/** The stored or named payment method's id, when the payment names one. */
	paymentMethodId: string | null;
	billing: {
		name?: string | null | undefined;
		email?: string | null | undefined;
		phone?: string | null | undefined;
		address?: Record<string, string | null | undefined> | null | undefined;
	};
	/** The customer a stored payment method is attached to. */
	customerId: string | null;
}

/** Test cards given by name never expire: the expiry a named method shows. */
export function namedExpiry(now: number): { expMonth: number; expYear: number } {
	return { expMonth: 12, expYear: new Date(now * 1000).getUTCFullYear() + 5 };
}

/** The card behind a payment method id, or a 404 naming the parameter. */
export async function cardOfPaymentMethod(
	db: Kysely<Database>,
	accountId: string,
	id: string,
	now: number,
	param = "payment_method",
): Promise<PayingCard> {
	const named = namedTestCard(id);
	if (named) {
		return { number: named.number, ...namedExpiry(now), paymentMethodId: id, billing: {}, customerId: null };
	}
	if (!id.startsWith("pm_")) {
		throw invalidRequest(
			`No such PaymentMethod: '${id}'. Use a pm_… id, or one of Stripe's test methods such as pm_card_visa.`,
			{
				code: "resource_missing",
				param,
			},
		);
	}
	const row = await findPaymentMethod(db, accountId, id);
	const card = row ? testCardOfHash(row.test_card) : null;
	if (!row || !card) throw resourceMissing("PaymentMethod", id, param);
	return {
		number: card.number,
		expMonth: row.exp_month,
		expYear: row.exp_year,
		paymentMethodId: row.id,
		billing: JSON.parse(row.billing_details) as PayingCard["billing"],
		customerId: row.customer_id,
	};
}

export function findPaymentMethod(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<PaymentMethodsTable | undefined> {
	return db
		.selectFrom("payment_methods")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}
