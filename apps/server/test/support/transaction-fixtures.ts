/**
 * A small, varied ledger for the transactions tests: every type, channel, device, risk level
 * and several currencies and countries, rows on both sides of midnight in the test time zones,
 * rows sharing one second (tie-breaks), orders with subscriptions and rows paid out.
 */
import type {
	BalanceTransactionsTable,
	ChargesTable,
	OrdersTable,
	PayoutsTable,
} from "../../src/db/schema.ts";
import { withStoredDetails } from "../../src/ledger/charge-details.ts";
import { withStoredOrderDetails } from "../../src/ledger/order-details.ts";
import { TEST_ACCOUNT } from "../../src/testing/test-app.ts";

export const at = (iso: string) => Date.parse(iso) / 1000;

/** A deterministic generator (a linear congruential one): the same ledger on every run. */
function generator(seed: number) {
	let state = seed;
	const next = () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
		return state / 2_147_483_648;
	};
	return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

const TYPES = [
	"charge",
	"charge",
	"charge",
	"payment",
	"refund",
	"payment_refund",
	"payment_failure_refund",
	"refund_failure",
	"dispute",
	"dispute_reversal",
	"card_reader_fee",
	"financing_payout",
	"financing_paydown",
] as const;
const NAMES = [
	["Jane Doe", "jane.doe@example.com"],
	["Janet Smith", "janet@example.org"],
	["Zoë Müller", "zoe.mueller@example.de"],
	["Marc Dubois", "marc.dubois@example.fr"],
	["Kenji Sato", "kenji@example.jp"],
] as const;
const COUNTRIES = ["US", "FR", "DE", "GB", "JP"] as const;
const START = at("2026-09-01T00:00:00Z");
const END = at("2026-11-15T14:00:00Z");

export interface TransactionFixtures {
	ledger: BalanceTransactionsTable[];
	orders: OrdersTable[];
	payouts: PayoutsTable[];
}

function ledgerRow(
	index: number,
	random: ReturnType<typeof generator>,
	created: number,
): BalanceTransactionsTable {
	const type = random.pick(TYPES);
	const financing = type.startsWith("financing");
	const readerFee = type === "card_reader_fee";
	const currency = random.pick(["usd", "usd", "usd", "eur", "gbp"] as const);
	const channel = random.pick(["online", "online", "online", "in_person", "in_person_pos"] as const);
	const inPerson = channel !== "online";
	const [name, email] = random.pick(NAMES);
	const sign = ["refund", "payment_refund", "dispute", "financing_paydown", "card_reader_fee"].includes(type)
		? -1
		: 1;
	const amount = sign * (100 + Math.floor(random.next() * 50_000));
	const fee = Math.floor(Math.abs(amount) * 0.03);
	const orderId = financing || readerFee ? null : 1000 + (index % 60);
	const customer = !(financing || readerFee);
	const id = `txn_t${String(index).padStart(4, "0")}`;
	return {
		account_id: TEST_ACCOUNT,
		id,
		type,
		reporting_category: type,
		source_id: `src_${index}`,
		charge_id: financing ? null : `ch_t${String(index).padStart(4, "0")}`,
		payment_intent_id: financing || readerFee ? null : `pi_t${String(index).padStart(4, "0")}`,
		order_id: orderId,
		order_number: orderId === null ? null : String(orderId),
		amount,
		fee,
		net: amount - fee,
		currency,
		customer_currency: customer ? random.pick([currency, currency, "jpy", "cad"]) : null,
		customer_amount: customer ? amount * 2 : null,
		exchange_rate: null,
		created,
		available_on: created + 2 * 86_400,
		deposit_id: index % 7 === 0 ? "po_paid" : index % 11 === 0 ? "po_transit" : null,
		loan_id: financing ? "loan_1" : null,
		channel: customer ? channel : null,
		source: customer
			? inPerson
				? "card_present"
				: random.pick(["card", "card", "sepa_debit", "klarna"])
			: null,
		source_identifier: customer ? "4242" : null,
		source_device: customer && inPerson ? random.pick(["android", "ios"]) : null,
		customer_name: customer ? name : null,
		customer_email: customer ? email : null,
		customer_country: customer ? random.pick(COUNTRIES) : null,
		risk_level: customer ? random.pick([0, 0, 1, 2, null]) : null,
		description: null,
	};
}

/**
 * Instants around the midnights the time-zone tests cut at: Paris midnight of 10 November
 * (23:00 UTC on the 9th), New York midnight (05:00 UTC), India midnight (18:30 UTC), UTC midnight.
 */
export const BOUNDARY_INSTANTS = [
	at("2026-11-09T22:59:59Z"),
	at("2026-11-09T23:00:00Z"),
	at("2026-11-10T04:59:59Z"),
	at("2026-11-10T05:00:00Z"),
	at("2026-11-09T18:29:59Z"),
	at("2026-11-09T18:30:00Z"),
	at("2026-11-10T23:59:59Z"),
	at("2026-11-11T00:00:00Z"),
];

export function transactionFixtures(size = 360): TransactionFixtures {
	const random = generator(7);
	const ledger: BalanceTransactionsTable[] = [];
	for (let index = 0; index < size; index++) {
		const created = START + Math.floor(random.next() * (END - START));
		ledger.push(ledgerRow(index, random, created));
	}
	BOUNDARY_INSTANTS.forEach((instant, offset) => {
		ledger.push(ledgerRow(size + offset, random, instant));
	});
	// Three rows in one second: the tie-break on id keeps pages from overlapping.
	for (let offset = 0; offset < 3; offset++) {
		ledger.push(ledgerRow(size + 20 + offset, random, at("2026-11-01T12:00:00Z")));
	}
	const orders: OrdersTable[] = [];
	for (let id = 1000; id < 1060; id++) {
		orders.push(
			withStoredOrderDetails({
				account_id: TEST_ACCOUNT,
				id,
				number: String(id),
				status: "completed",
				currency: "usd",
				total: 1000,
				subtotal: 1000,
				tax: 0,
				shipping_total: 0,
				created: START,
				customer_name: "Jane Doe",
				customer_email: "jane.doe@example.com",
				customer_country: "US",
				billing_address: "{}",
				items: "[]",
				subscriptions: id % 10 === 0 ? JSON.stringify([{ number: id + 5000 }]) : "[]",
				payment_intent_id: null,
				charge_id: null,
			}),
		);
	}
	const payout = (id: string, status: string): PayoutsTable => ({
		account_id: TEST_ACCOUNT,
		id,
		type: "deposit",
		method: "standard",
		automatic: 1,
		status,
		date: at("2026-11-12T00:00:00Z"),
		created: at("2026-11-10T00:00:00Z"),
		amount: 1,
		fee: 0,
		fee_percentage: 0,
		currency: "usd",
		bank_account: "STRIPE TEST BANK •••• 6789 (USD)",
		bank_reference_key: null,
		failure_code: null,
		failure_message: null,
		balance_transaction_id: null,
	});
	return { ledger, orders, payouts: [payout("po_paid", "paid"), payout("po_transit", "in_transit")] };
}

/** A charge row with plain defaults, for the authorization and fraud outcome tests (no order address). */
export function chargeRow(
	overrides: Partial<ChargesTable> & Pick<ChargesTable, "id" | "payment_intent_id">,
): ChargesTable {
	return withStoredDetails(
		{
			account_id: TEST_ACCOUNT,
			order_id: null,
			amount: 1000,
			amount_captured: 0,
			amount_refunded: 0,
			currency: "usd",
			status: "succeeded",
			intent_status: "succeeded",
			paid: 1,
			captured: 1,
			refunded: 0,
			disputed: 0,
			created: at("2026-11-10T10:00:00Z"),
			outcome_type: "authorized",
			outcome_reason: null,
			risk_level: 0,
			failure_code: null,
			failure_message: null,
			payment_method_type: "card",
			payment_method_details: "{}",
			billing_details: "{}",
			customer_name: "Jane Doe",
			customer_email: "jane.doe@example.com",
			customer_country: "US",
			channel: "online",
			source_device: null,
			customer_currency: "usd",
			customer_amount: 1000,
			exchange_rate: null,
			fee: 30,
			balance_transaction_id: null,
			fraud_outcome: null,
			fraud_meta_box_type: null,
			reader_id: null,
			...overrides,
		},
		null,
	);
}
