/**
 * Exports and e-mails use the requesting user's language and the store's formats.
 * A user who reads French downloads CSV files whose headings are the French catalogue's, and
 * the e-mail of an export they asked for is French, its date in the store's date and time
 * formats with French month names. Times inside a file keep the contract's sortable
 * "YYYY-MM-DD HH:mm:ss" in every language, so a spreadsheet reads them as dates. An English
 * user's files are unchanged, and the store's dispute e-mail reads in its recipient's language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerTranslator } from "../../src/i18n/translator.ts";
import { type DisputeMailFacts, queueDisputeMail } from "../../src/jobs/dispute-mail.ts";
import { runPendingJobs } from "../../src/jobs/runner.ts";
import { transactionColumns } from "../../src/payments/transactions/export.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { writeOptions } from "../../src/wp/queries.ts";
import { at, ledgerRow, payoutRow } from "../support/payout-fixtures.ts";

const PAYMENTS = "/wp-json/wc/v3/payments";
const FRENCH_TRANSACTION_HEADINGS =
	"ID de la transaction,Date / heure,Type,Canal,Devise de paiement,Montant payé,Devise du versement,Montant,Frais,Net,N° de commande,N° d’abonnement,Source,Nom du client,E-mail du client,Pays du client,Niveau de risque,ID du versement,Date du versement,État du versement";
const ENGLISH_TRANSACTION_HEADINGS =
	"Transaction ID,Date / Time,Type,Channel,Paid currency,Amount paid,Payout currency,Amount,Fees,Net,Order #,Subscription #,Source,Customer name,Customer email,Customer country,Risk level,Payout ID,Payout date,Payout status";

let t: TestApp;
let french: Actor;
let english: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				name: "Boutique Léa",
				settings: JSON.stringify({ store_timezone: "Europe/Paris" }),
			});
			await writeOptions(db.kysely, TEST_ACCOUNT, { date_format: "j F Y", time_format: "H:i" });
			await db.kysely
				.insertInto("payouts")
				.values([payoutRow({ id: "po_fr" })])
				.execute();
			await db.kysely
				.insertInto("balance_transactions")
				.values([
					ledgerRow({ created: at("2026-11-02T09:30:00Z"), deposit_id: "po_fr" }),
					ledgerRow({ created: at("2026-11-03T10:00:00Z") }),
				])
				.execute();
		},
	});
	// The first administrator receives the store's dispute e-mails.
	french = await t.actor("administrator");
	english = await t.actor("administrator");
	const chosen = await t.app.inject({
		method: "POST",
		url: "/wp-json/wp/v2/users/me",
		headers: french.headers,
		payload: { locale: "fr_FR" },
	});
	expect(chosen.statusCode).toBe(200);
});
afterAll(async () => t.close());

const download = (actor: Actor, list: string) =>
	t.app.inject({ method: "GET", url: `${PAYMENTS}/${list}/download`, headers: actor.headers });
const lines = (body: string) =>
	body
		.replace(/^\uFEFF/, "")
		.split("\r\n")
		.filter(Boolean);

describe("a CSV export is in the language of the user who downloads it", () => {
	it("the transactions file has the French catalogue's headings for a French user, English ones otherwise", async () => {
		const [frenchHeadings] = lines((await download(french, "transactions")).body);
		expect(frenchHeadings).toBe(FRENCH_TRANSACTION_HEADINGS);
		const [englishHeadings] = lines((await download(english, "transactions")).body);
		expect(englishHeadings).toBe(ENGLISH_TRANSACTION_HEADINGS);
	});

	it("its times stay sortable timestamps in the store's time zone, the same in every language", async () => {
		const frenchRows = lines((await download(french, "transactions")).body).slice(1);
		const englishRows = lines((await download(english, "transactions")).body).slice(1);
		const dates = (rows: string[]) => rows.map((row) => row.split(",")[1]);
		expect(dates(frenchRows)).toEqual(["2026-11-03 11:00:00", "2026-11-02 10:30:00"]);
		expect(dates(frenchRows)).toEqual(dates(englishRows));
	});

	it("its labels (type, channel, risk, payout status) are written by the user's translator too", () => {
		const marked = (text: string) => `«${text}»`;
		const t: ServerTranslator = {
			locale: "xx_XX",
			__: marked,
			_x: marked,
			_n: (single, plural, number) => marked(number === 1 ? single : plural),
			_nx: (single, plural, number) => marked(number === 1 ? single : plural),
			sprintf: (format) => format,
		};
		const columns = transactionColumns({ storeTimeZone: "UTC", locale: t.locale, t });
		const row = {
			...ledgerRow({ risk_level: 1 }),
			order_subscriptions: null,
			deposit_status: "paid",
			deposit_type: "deposit",
			deposit_date: null,
		};
		const cell = (heading: string) => columns.find((column) => column.header === marked(heading))?.value(row);
		expect(cell("Type")).toBe("«Charge»");
		expect(cell("Channel")).toBe("«Online»");
		expect(cell("Risk level")).toBe("«Elevated»");
		expect(cell("Payout status")).toBe("«Completed»");
	});

	it("the payouts and disputes files have French headings too", async () => {
		expect(lines((await download(french, "deposits")).body)[0]).toBe(
			"ID du versement,Date,Type,Montant,Frais,Devise,État,Compte bancaire,Référence bancaire,Code d’échec",
		);
		expect(lines((await download(french, "disputes")).body)[0]).toBe(
			"ID du litige,ID du prélèvement,Montant,Devise,État,Motif,Source,N° de commande,Client,E-mail,Pays,Contesté le,Répondre avant le",
		);
	});
});

describe("an e-mailed export is in the language of the user who asked for it", () => {
	const jobContext = () => ({
		db: t.db,
		clock: t.clock,
		dataDir: t.dataDir,
		publicUrl: "http://localhost:8080",
	});

	it("keeps the user's language with the job, and writes the file and its e-mail in French", async () => {
		const requested = await t.app.inject({
			method: "POST",
			url: `${PAYMENTS}/transactions/download`,
			headers: french.headers,
			payload: { user_email: "lea@example.com" },
		});
		expect(requested.statusCode).toBe(200);
		const { export_id } = json<{ export_id: string }>(requested);
		const job = await t.db.kysely
			.selectFrom("export_jobs")
			.select("locale")
			.where("id", "=", export_id)
			.executeTakeFirstOrThrow();
		expect(job.locale).toBe("fr_FR");

		expect(await runPendingJobs(jobContext(), "test-worker")).toBe(1);
		const file = await t.app.inject({
			method: "GET",
			url: `${PAYMENTS}/transactions/download/${export_id}/file`,
			headers: french.headers,
		});
		expect(lines(file.body)[0]).toBe(FRENCH_TRANSACTION_HEADINGS);

		const mail = await t.db.kysely
			.selectFrom("email_outbox")
			.selectAll()
			.where("to_address", "=", "lea@example.com")
			.executeTakeFirstOrThrow();
		expect(mail.subject).toBe("Votre export des transactions est prêt");
		const body = mail.body_text.split("\n");
		expect(body[0]).toBe("Bonjour,");
		expect(body[2]).toBe("L’export de 2 transactions que vous avez demandé depuis Boutique Léa est prêt :");
		expect(body[3]).toBe(`http://localhost:8080${PAYMENTS}/transactions/download/${export_id}/file`);
		// Seven days after the request (15 November, 16:00 in Paris), as the store writes dates.
		expect(body[5]).toBe(
			"Le lien fonctionne jusqu’au 22 novembre 2026 16:00 (Europe/Paris), pour votre compte utilisateur uniquement : connectez-vous d’abord si cela vous est demandé.",
		);
	});

	it("follows the locale the admin sends with the request", async () => {
		const requested = await t.app.inject({
			method: "POST",
			url: `${PAYMENTS}/deposits/download`,
			headers: french.headers,
			payload: { user_email: "lea.en@example.com", locale: "en_US" },
		});
		expect(requested.statusCode).toBe(200);
		expect(await runPendingJobs(jobContext(), "test-worker")).toBe(1);
		const mail = await t.db.kysely
			.selectFrom("email_outbox")
			.selectAll()
			.where("to_address", "=", "lea.en@example.com")
			.executeTakeFirstOrThrow();
		expect(mail.subject).toBe("Your payouts export is ready");
		expect(mail.body_text).toContain("The export of 1 payout you requested from Boutique Léa is ready:");
		expect(mail.body_text).toContain("The link works until 22 November 2026 16:00 (Europe/Paris)");
	});
});

describe("the store's dispute e-mail is in its recipient's language", () => {
	/** The e-mail of a dispute arriving now, as its recipient reads it. */
	const disputeMail = async (facts: Omit<DisputeMailFacts, "accountId" | "dueBy">) => {
		const to = french.user.email;
		await t.db.kysely.deleteFrom("email_outbox").where("to_address", "=", to).execute();
		const dueBy = at("2026-11-22T23:00:00Z");
		await queueDisputeMail(t.db.kysely, { ...facts, accountId: TEST_ACCOUNT, dueBy }, t.clock.seconds());
		return t.db.kysely
			.selectFrom("email_outbox")
			.selectAll()
			.where("to_address", "=", to)
			.executeTakeFirstOrThrow();
	};

	it("goes to the first administrator in their own language, amount and date as it writes them", async () => {
		const mail = await disputeMail({ amount: 123_456, currency: "eur", orderId: 1042, inquiry: false });
		expect(mail.subject).toBe("Un paiement de 1 234,56 € a été contesté");
		expect(mail.body_text).toBe(
			"Un paiement de 1 234,56 € a été contesté (commande n° 1042). Répondez avant le 23 novembre 2026 00:00 (Europe/Paris) dans Paiements › Litiges.",
		);
	});

	it("reads the site's language when the recipient has none of their own", async () => {
		await t.app.inject({
			method: "POST",
			url: "/wp-json/wp/v2/users/me",
			headers: french.headers,
			payload: { locale: "" },
		});
		await writeOptions(t.db.kysely, TEST_ACCOUNT, { WPLANG: "de_DE" });
		const mail = await disputeMail({ amount: 5_000, currency: "usd", orderId: null, inquiry: true });
		expect(mail.subject).toBe("Zu einer Zahlung über 50,00 $ wurde eine Anfrage eröffnet");
		expect(mail.body_text).toContain("Antworte bis 23 November 2026 00:00 (Europe/Paris)");
	});
});
