/**
 * Card readers for in-person sales, and their monthly fee: one card_reader_fee charge and
 * balance transaction a month, itemised per reader in reader_charges.
 */
import type { CardReadersTable } from "../db/schema.ts";
import { type ChargeFacts, storedChargeDetails } from "../ledger/charge-details.ts";
import { DAY, HOUR, monthsBefore } from "./calendar.ts";
import type { Random } from "./random.ts";
import type { SeedRun } from "./run.ts";

/** What the store pays per in-person transaction, in US cents. */
export const READER_FEE_PER_TRANSACTION = 10;

/** A reader fee charge has no customer and no payment method details. */
const READER_FEE_CHARGE: ChargeFacts = {
	payment_method_type: "card_reader_fee",
	customer_name: "",
	customer_email: "",
	customer_country: "US",
};

interface Reader {
	id: string;
	deviceType: string;
	label: string;
	created: number;
	/** Taken out of service at this time (inactive readers). */
	retired: number | null;
}

export class ReaderFleet {
	private readonly readers: Reader[];
	private readonly usage = new Map<string, number>();
	private readonly inService: Reader[] = [];
	private inServiceAt = -1;

	constructor(random: Random, now: number) {
		const plan: [string, string, number, number | null][] = [
			["BBPOS Chipper 2X BT", "Old counter reader", 16, 5],
			["BBPOS WisePOS E", "Front counter", 14, null],
			["Stripe M2", "Pop-up market stand", 11, null],
			["Stripe Reader S700", "Checkout 2", 3, null],
		];
		this.readers = plan.map(([deviceType, label, monthsAgo, retiredMonthsAgo]) => {
			const created = monthsBefore(now, monthsAgo) + random.int(8 * HOUR, 18 * HOUR);
			return {
				id: random.id("tmr", created),
				deviceType,
				label,
				created,
				retired: retiredMonthsAgo === null ? null : monthsBefore(now, retiredMonthsAgo),
			};
		});
	}

	/** A reader in service at the time, picked at random, with its use counted; null if none. */
	use(at: number, random: Random): string | null {
		const day = Math.floor(at / DAY);
		if (day !== this.inServiceAt) {
			this.inServiceAt = day;
			this.inService.length = 0;
			for (const r of this.readers)
				if (r.created <= at && (r.retired === null || r.retired > at)) this.inService.push(r);
		}
		if (this.inService.length === 0) return null;
		const reader = random.pick(this.inService);
		this.usage.set(reader.id, (this.usage.get(reader.id) ?? 0) + 1);
		return reader.id;
	}

	/** Bills the month that just ended, on the first day of the next one. */
	bill(run: SeedRun, at: number): void {
		if (at > run.now) return;
		const lines = this.readers.filter((r) => (this.usage.get(r.id) ?? 0) > 0);
		if (lines.length === 0) return;
		const random = run.random;
		const chargeId = random.id("ch", at);
		const intentId = random.id("pi", at);
		let total = 0;
		for (const reader of lines) {
			const count = this.usage.get(reader.id) ?? 0;
			const fee = count * READER_FEE_PER_TRANSACTION;
			total += fee;
			run.sink.push("reader_charges", {
				account_id: run.accountId,
				id: random.id("rc", at),
				reader_id: reader.id,
				charge_id: chargeId,
				status: reader.retired !== null && reader.retired <= at ? "inactive" : "active",
				count,
				fee_amount: fee,
				currency: "usd",
				created: at,
			});
		}
		this.usage.clear();
		const { row } = run.transaction(null, {
			id: random.id("txn", at),
			type: "card_reader_fee",
			sourceId: chargeId,
			currency: "usd",
			amount: -total,
			fee: 0,
			created: at,
			description: "Card reader fee",
			link: { chargeId, intentId },
		});
		run.sink.push("charges", {
			account_id: run.accountId,
			id: chargeId,
			payment_intent_id: intentId,
			order_id: null,
			amount: total,
			amount_captured: total,
			amount_refunded: 0,
			currency: "usd",
			status: "succeeded",
			intent_status: "succeeded",
			paid: 1,
			captured: 1,
			refunded: 0,
			disputed: 0,
			created: at,
			outcome_type: "authorized",
			outcome_reason: null,
			risk_level: null,
			failure_code: null,
			failure_message: null,
			...READER_FEE_CHARGE,
			...storedChargeDetails(READER_FEE_CHARGE, null, {}, {}),
			channel: "in_person",
			source_device: null,
			customer_currency: "usd",
			customer_amount: total,
			exchange_rate: null,
			fee: 0,
			balance_transaction_id: row.id,
			fraud_outcome: null,
			fraud_meta_box_type: null,
			reader_id: null,
			authorized_at: null,
			captured_at: null,
		});
	}

	rows(accountId: string): CardReadersTable[] {
		return this.readers.map((r) => ({
			account_id: accountId,
			id: r.id,
			device_type: r.deviceType,
			label: r.label,
			is_active: r.retired === null ? 1 : 0,
			created: r.created,
		}));
	}
}
