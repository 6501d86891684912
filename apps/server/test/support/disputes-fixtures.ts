/** Small dispute rows for the dispute and file tests: each dispute with its charge, order and ledger rows. */

import type {
	BalanceTransactionsTable,
	ChargesTable,
	DisputesTable,
	OrdersTable,
} from "../../src/db/schema.ts";
import { withStoredDetails } from "../../src/ledger/charge-details.ts";
import { withStoredOrderDetails } from "../../src/ledger/order-details.ts";
import { TEST_ACCOUNT } from "../../src/testing/test-app.ts";
import type { TestDb } from "../../src/testing/test-db.ts";

export const at = (iso: string) => Date.parse(iso) / 1000;
export const DISPUTE_FEE = 1500;

let counter = 0;

export interface DisputeSpec extends Partial<DisputesTable> {
	id: string;
	/** No order for this dispute's payment. */
	noOrder?: boolean;
}

export interface DisputeFixture {
	dispute: DisputesTable;
	charge: ChargesTable;
	order: OrdersTable | null;
	ledger: BalanceTransactionsTable[];
}

/** A disputed charge; its order (when it has one) has no billing address, so the charge's says it all. */
function chargeRow(id: string, intent: string, orderId: number | null, spec: DisputeSpec): ChargesTable {
	return withStoredDetails(
		{
			account_id: TEST_ACCOUNT,
			id,
			payment_intent_id: intent,
			order_id: orderId,
			amount: spec.amount ?? 5_000,
			amount_captured: spec.amount ?? 5_000,
			amount_refunded: 0,
			currency: spec.currency ?? "usd",
			status: "succeeded",
			intent_status: "succeeded",
			paid: 1,
			captured: 1,
			refunded: 0,
			disputed: 1,
			created: (spec.created ?? at("2026-11-01T00:00:00Z")) - 86_400,
			outcome_type: "authorized",
			outcome_reason: null,
			risk_level: 0,
			failure_code: null,
			failure_message: null,
			payment_method_type: "card",
			payment_method_details: JSON.stringify({ card: { brand: "visa", last4: "4242" } }),
			billing_details: JSON.stringify({ name: spec.customer_name ?? "Jane Doe" }),
			customer_name: spec.customer_name ?? "Jane Doe",
			customer_email: spec.customer_email ?? "jane@example.com",
			customer_country: spec.customer_country ?? "US",
			channel: "online",
			source_device: null,
			customer_currency: spec.currency ?? "usd",
			customer_amount: spec.amount ?? 5_000,
			exchange_rate: null,
			fee: 175,
			balance_transaction_id: `txn_${id}`,
			fraud_outcome: null,
			fraud_meta_box_type: null,
			reader_id: null,
		},
		null,
	);
}

function ledgerRow(charge: ChargesTable, dispute: DisputesTable): BalanceTransactionsTable {
	return {
		account_id: TEST_ACCOUNT,
		id: `txn_${dispute.id}`,
		type: "dispute",
		reporting_category: "dispute",
		source_id: dispute.id,
		charge_id: charge.id,
		payment_intent_id: charge.payment_intent_id,
		order_id: charge.order_id,
		order_number: charge.order_id === null ? null : String(charge.order_id),
		amount: -dispute.amount,
		fee: DISPUTE_FEE,
		net: -dispute.amount - DISPUTE_FEE,
		currency: dispute.currency,
		customer_currency: dispute.currency,
		customer_amount: -dispute.amount,
		exchange_rate: null,
		created: dispute.created,
		available_on: dispute.created,
		deposit_id: null,
		loan_id: null,
		channel: "online",
		source: "card",
		source_identifier: "4242",
		source_device: null,
		customer_name: dispute.customer_name,
		customer_email: dispute.customer_email,
		customer_country: dispute.customer_country,
		risk_level: 0,
		description: null,
	};
}

/** A dispute with its charge, order (number = id) and, unless it is an inquiry, its debit. */
export function disputeFixture(spec: DisputeSpec): DisputeFixture {
	counter++;
	const chargeId = `ch_${spec.id}`;
	const intent = `pi_${spec.id}`;
	const orderId = spec.noOrder ? null : 1000 + counter;
	const charge = chargeRow(chargeId, intent, orderId, spec);
	const { noOrder: _noOrder, ...fields } = spec;
	const dispute: DisputesTable = {
		account_id: TEST_ACCOUNT,
		charge_id: chargeId,
		payment_intent_id: intent,
		order_id: orderId,
		amount: 5_000,
		currency: "usd",
		status: "needs_response",
		reason: "fraudulent",
		created: at("2026-11-01T00:00:00Z"),
		due_by: at("2026-11-20T00:00:00Z"),
		has_evidence: 0,
		evidence: "{}",
		metadata: "{}",
		issuer_evidence: null,
		customer_name: "Jane Doe",
		customer_email: "jane@example.com",
		customer_country: "US",
		source: "visa",
		balance_transaction_id: null,
		...fields,
	};
	const inquiry = dispute.status.startsWith("warning_");
	const ledger = inquiry ? [] : [ledgerRow(charge, dispute)];
	if (ledger[0]) dispute.balance_transaction_id = ledger[0].id;
	const order: OrdersTable | null =
		orderId === null
			? null
			: withStoredOrderDetails({
					account_id: TEST_ACCOUNT,
					id: orderId,
					number: String(orderId),
					status: "processing",
					currency: dispute.currency,
					total: dispute.amount,
					subtotal: dispute.amount,
					tax: 0,
					shipping_total: 0,
					created: charge.created,
					customer_name: dispute.customer_name,
					customer_email: dispute.customer_email,
					customer_country: dispute.customer_country,
					billing_address: "{}",
					items: "[]",
					subscriptions: "[]",
					payment_intent_id: intent,
					charge_id: chargeId,
				});
	return { dispute, charge, order, ledger };
}

export async function insertDisputes(db: TestDb, fixtures: readonly DisputeFixture[]): Promise<void> {
	await db.kysely
		.insertInto("charges")
		.values(fixtures.map((f) => f.charge))
		.execute();
	const orders = fixtures.flatMap((f) => (f.order ? [f.order] : []));
	if (orders.length > 0) await db.kysely.insertInto("orders").values(orders).execute();
	const ledger = fixtures.flatMap((f) => f.ledger);
	if (ledger.length > 0) await db.kysely.insertInto("balance_transactions").values(ledger).execute();
	await db.kysely
		.insertInto("disputes")
		.values(fixtures.map((f) => f.dispute))
		.execute();
}

/** A multipart/form-data body of fields and files, as a browser's FormData sends it. */
export function multipart(
	parts: readonly (
		| { name: string; value: string }
		| { name: string; filename: string; type: string; content: Buffer }
	)[],
): { payload: Buffer; headers: Record<string, string> } {
	const boundary = `----paydesk${Math.random().toString(16).slice(2)}`;
	const chunks: Buffer[] = [];
	for (const part of parts) {
		if ("content" in part) {
			chunks.push(
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
				),
				part.content,
				Buffer.from("\r\n"),
			);
		} else {
			chunks.push(
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
				),
			);
		}
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return {
		payload: Buffer.concat(chunks),
		headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
	};
}

/** A PDF of exactly `size` bytes (the header, then padding). */
export function pdfOf(size: number): Buffer {
	const head = Buffer.from("%PDF-1.7\n");
	return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]).subarray(0, size);
}

export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
