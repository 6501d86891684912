/**
 * A synthetic ledger for the transactions benchmark: N balance transactions over three years
 * in time order, with the mix of a real store (mostly card charges in USD, some refunds and
 * disputes, a few in-person payments, many customers and countries), their orders and daily
 * payouts. Deterministic, and produced in batches so memory stays flat at any N.
 */
import type { BalanceTransactionsTable, OrdersTable, PayoutsTable } from "@paydesk/server/db/schema";

const DAY = 86_400;
const YEARS = 3;

function generator(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		// mulberry32: small, fast and good enough for a benchmark's mix.
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
	return {
		next,
		pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
		weighted: <T>(items: readonly (readonly [T, number])[]): T => {
			const total = items.reduce((sum, [, weight]) => sum + weight, 0);
			let roll = next() * total;
			for (const [item, weight] of items) {
				roll -= weight;
				if (roll < 0) return item;
			}
			return items[0]![0];
		},
	};
}

const TYPES = [
	["charge", 80],
	["payment", 10],
	["refund", 3.5],
	["payment_refund", 1],
	["dispute", 0.4],
	["dispute_reversal", 0.15],
	["refund_failure", 0.05],
	["payment_failure_refund", 0.05],
	["card_reader_fee", 0.02],
	["financing_paydown", 0.02],
] as const;
const CURRENCIES = [
	["usd", 75],
	["eur", 15],
	["gbp", 10],
] as const;
/** Each settlement currency's market: where its customers live, what they pay in and with. */
const MARKETS = {
	usd: {
		countries: ["US", "US", "US", "US", "US", "US", "US", "US", "CA", "MX"],
		customerCurrencies: [
			["usd", 92],
			["cad", 5],
			["mxn", 1],
			["jpy", 1],
			["aud", 1],
		],
		sources: [
			["card", 88],
			["link", 3],
			["affirm", 2.5],
			["afterpay_clearpay", 2.5],
			["klarna", 2.5],
			["alipay", 0.7],
			["wechat_pay", 0.4],
		],
	},
	eur: {
		countries: ["FR", "DE", "DE", "ES", "IT", "NL", "BE", "AT", "IE", "PT"],
		customerCurrencies: [
			["eur", 95],
			["chf", 2],
			["sek", 1],
			["dkk", 1],
			["nok", 1],
		],
		sources: [
			["card", 56],
			["sepa_debit", 10],
			["ideal", 10],
			["klarna", 7],
			["bancontact", 5],
			["sofort", 3],
			["giropay", 2.5],
			["eps", 2],
			["p24", 2.5],
			["link", 1],
		],
	},
	gbp: {
		countries: ["GB", "GB", "GB", "GB", "GB", "GB", "GB", "GB", "GB", "IE"],
		customerCurrencies: [
			["gbp", 97],
			["eur", 2],
			["usd", 1],
		],
		sources: [
			["card", 84],
			["klarna", 8],
			["afterpay_clearpay", 5],
			["link", 2],
			["grabpay", 1],
		],
	},
} as const;
const FIRST = [
	"Jane",
	"John",
	"Maria",
	"Ahmed",
	"Li",
	"Sofia",
	"Lucas",
	"Emma",
	"Noah",
	"Olivia",
	"Liam",
	"Mia",
	"Yuki",
	"Hans",
	"Chloé",
	"Mateo",
	"Aisha",
	"Ivan",
	"Nora",
	"Omar",
];
const LAST = [
	"Doe",
	"Smith",
	"Garcia",
	"Müller",
	"Dubois",
	"Rossi",
	"Sato",
	"Nowak",
	"Jensen",
	"Silva",
	"Khan",
	"Brown",
	"Martin",
	"Lopez",
	"Kim",
	"Novak",
	"Berg",
	"Costa",
	"Ward",
	"Young",
];

export interface LedgerBatch {
	ledger: BalanceTransactionsTable[];
	orders: OrdersTable[];
}

export const BENCH_ACCOUNT = "acct_bench";

/** History ends here: the bench's "now". */
export const BENCH_NOW = Date.parse("2026-11-15T12:00:00Z") / 1000;

/** Batches of about `batchSize` rows until `rows` are produced, oldest first. */
export function* ledgerBatches(rows: number, batchSize = 50_000, seed = 42): Generator<LedgerBatch> {
	const random = generator(seed);
	const start = BENCH_NOW - YEARS * 365 * DAY;
	const step = (BENCH_NOW - start) / rows;
	let orderId = 0;
	for (let first = 0; first < rows; first += batchSize) {
		const ledger: BalanceTransactionsTable[] = [];
		const orders: OrdersTable[] = [];
		for (let index = first; index < Math.min(rows, first + batchSize); index++) {
			const created = Math.floor(start + index * step + random.next() * step);
			const type = random.weighted(TYPES);
			const currency = random.weighted(CURRENCIES);
			const payment = type === "charge" || type === "payment";
			const withCustomer = type !== "card_reader_fee" && type !== "financing_paydown";
			const channel =
				type === "charge"
					? random.weighted([
							["online", 95],
							["in_person", 3],
							["in_person_pos", 2],
						] as const)
					: "online";
			const inPerson = channel !== "online";
			const first = random.pick(FIRST);
			const last = random.pick(LAST);
			const customerNo = Math.floor(random.next() * 20_000);
			const sign = payment || type === "dispute_reversal" || type === "refund_failure" ? 1 : -1;
			const amount = sign * (200 + Math.floor(random.next() * random.next() * 50_000));
			const fee = payment ? Math.round(Math.abs(amount) * 0.029) + 30 : type === "dispute" ? 1500 : 0;
			if (payment) orderId++;
			const order = withCustomer
				? Math.max(1, payment ? orderId : orderId - Math.floor(random.next() * 500))
				: null;
			const id = String(index).padStart(8, "0");
			const market = MARKETS[currency];
			const customerCurrency = withCustomer ? random.weighted(market.customerCurrencies) : null;
			const paidOut = created < BENCH_NOW - 2 * DAY;
			ledger.push({
				account_id: BENCH_ACCOUNT,
				id: `txn_${id}`,
				type,
				reporting_category: type,
				source_id: `src_${id}`,
				charge_id: withCustomer ? `ch_${id}` : null,
				payment_intent_id: withCustomer ? `pi_${id}` : null,
				order_id: order,
				order_number: order === null ? null : String(order),
				amount,
				fee,
				net: amount - fee,
				currency,
				customer_currency: customerCurrency,
				customer_amount: withCustomer ? amount : null,
				exchange_rate: null,
				created,
				available_on: created + 2 * DAY,
				deposit_id: paidOut ? `po_${currency}_${Math.floor((created + 2 * DAY) / DAY)}` : null,
				loan_id: type === "financing_paydown" ? "loan_1" : null,
				channel: withCustomer ? channel : null,
				source: withCustomer ? (inPerson ? "card_present" : random.weighted(market.sources)) : null,
				source_identifier: withCustomer ? String(1000 + (customerNo % 9000)) : null,
				source_device: inPerson ? random.pick(["android", "ios"]) : null,
				customer_name: withCustomer ? `${first} ${last}` : null,
				customer_email: withCustomer ? `${first}.${last}${customerNo}@example.com`.toLowerCase() : null,
				customer_country: withCustomer ? random.pick(market.countries) : null,
				risk_level: withCustomer
					? random.weighted([
							[0, 80],
							[1, 8],
							[2, 2],
							[null, 10],
						] as const)
					: null,
				description: null,
			});
			if (payment && order !== null) {
				orders.push({
					account_id: BENCH_ACCOUNT,
					id: order,
					number: String(order),
					status: "completed",
					currency,
					total: amount,
					subtotal: amount,
					tax: 0,
					shipping_total: 0,
					created,
					customer_name: `${first} ${last}`,
					customer_email: `${first}.${last}${customerNo}@example.com`.toLowerCase(),
					customer_country: "US",
					billing_address: "{}",
					items: "[]",
					subscriptions: order % 20 === 0 ? `[{"number":${order + 1_000_000}}]` : "[]",
					payment_intent_id: `pi_${id}`,
					charge_id: `ch_${id}`,
				});
			}
		}
		yield { ledger, orders };
	}
}

/** One paid payout per currency and day of the history (the deposit ids the ledger names). */
export function payoutRows(): PayoutsTable[] {
	const rows: PayoutsTable[] = [];
	const firstDay = Math.floor((BENCH_NOW - YEARS * 365 * DAY) / DAY);
	for (let day = firstDay; day <= Math.floor(BENCH_NOW / DAY) + 2; day++) {
		for (const [currency] of CURRENCIES) {
			rows.push({
				account_id: BENCH_ACCOUNT,
				id: `po_${currency}_${day}`,
				type: "deposit",
				method: "standard",
				automatic: 1,
				status: day * DAY < BENCH_NOW ? "paid" : "in_transit",
				date: day * DAY,
				created: day * DAY - DAY,
				amount: 0,
				fee: 0,
				fee_percentage: 0,
				currency,
				bank_account: "STRIPE TEST BANK •••• 6789",
				bank_reference_key: null,
				failure_code: null,
				failure_message: null,
				balance_transaction_id: null,
			});
		}
	}
	return rows;
}
