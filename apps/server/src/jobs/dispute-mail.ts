/**
 * The e-mail that tells a store one of its payments was disputed, or that an inquiry was opened
 * (spec 3 §4.1). It goes to the store's first administrator, in their language (their own, else
 * the site's): the amount as that language writes it, the due date in the store's date and time
 * formats and time zone.
 */
import { formatAmount } from "@paydesk/domain/money";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { readerDateTime, readerOf } from "../i18n/reader-language.ts";
import { disputeCreatedTitle } from "../notifications/texts.ts";
import { queueMail } from "./outbox.ts";

export interface DisputeMailFacts {
	accountId: string;
	/** The disputed payment, in minor units of its currency. */
	amount: number;
	currency: string;
	orderId: number | null;
	/** Epoch seconds by which the store must respond. */
	dueBy: number;
	inquiry: boolean;
}

/** The store's first administrator, who receives its dispute and notification e-mails. */
export async function firstAdministrator(db: Kysely<Database>, accountId: string) {
	return db
		.selectFrom("users")
		.select(["id", "email"])
		.where("account_id", "=", accountId)
		.where("role", "=", "administrator")
		.orderBy("id")
		.limit(1)
		.executeTakeFirst();
}

/** Queues the e-mail (nothing when the store has no administrator), in the caller's transaction. */
export async function queueDisputeMail(
	db: Kysely<Database>,
	facts: DisputeMailFacts,
	now: number,
): Promise<void> {
	const recipient = await firstAdministrator(db, facts.accountId);
	if (!recipient) return;
	const reader = await readerOf(db, facts.accountId, recipient.id);
	const { t } = reader;
	const amount = formatAmount(facts.amount, facts.currency, { locale: reader.locale });
	const subject = disputeCreatedTitle(t, amount, facts.inquiry);
	const text = t.sprintf(
		/* translators: 1: the e-mail's subject, 2: an order number, 3: a date and time, 4: the store's time zone. */
		t.__("%1$s (order #%2$s). Respond by %3$s (%4$s) in Payments › Disputes.", "paydesk"),
		subject,
		facts.orderId === null ? "—" : String(facts.orderId),
		readerDateTime(reader, facts.dueBy),
		reader.timeZone,
	);
	await queueMail(db, { accountId: facts.accountId, to: recipient.email, subject, text }, now);
}
