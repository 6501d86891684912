/**
 * Which disputes the store has, decided before generation so every status of spec 3 §4.1 and
 * every reason of §3.4 appears, and open disputes are due in the past, today, within three
 * and seven days, and later. Larger stores get more disputes, aged like real ones.
 */

import type { DisputeStatus } from "@paydesk/domain/disputes/statuses";
import { DAY, HOUR } from "./calendar.ts";
import { DISPUTE_REASONS } from "./catalog-payments.ts";
import type { SettlementCurrency } from "./catalog-people.ts";
import { type Random, Weighted } from "./random.ts";

export interface DisputePlan {
	status: DisputeStatus;
	reason: string;
	currency: SettlementCurrency;
	chargeAt: number;
	created: number;
	dueBy: number;
	evidenceAt: number | null;
	/** Saved evidence not yet submitted (Save for later). */
	draft: boolean;
	closedAt: number | null;
	refundAt: number | null;
	closedByMerchant: boolean;
	/** The dispute's debit is taken by a separate withdrawal instead of the daily payout. */
	withdrawal: boolean;
}

const reasons = new Weighted(DISPUTE_REASONS);
const currencies = new Weighted<SettlementCurrency>([
	["usd", 75],
	["eur", 15],
	["gbp", 10],
]);

export function isInquiry(status: DisputeStatus): boolean {
	return status.startsWith("warning_") || status === "charge_refunded";
}

export function planDisputes(
	random: Random,
	now: number,
	historyStart: number,
	count: number,
): DisputePlan[] {
	const plans: DisputePlan[] = [];
	const add = (
		status: DisputeStatus,
		created: number,
		dueBy: number,
		extra: Partial<DisputePlan> = {},
	): void => {
		const earliest = historyStart + HOUR;
		const at = Math.max(earliest, Math.min(created, now - 2 * HOUR));
		plans.push({
			status,
			reason:
				plans.length < DISPUTE_REASONS.length
					? (DISPUTE_REASONS[plans.length]?.[0] ?? "general")
					: reasons.pick(random),
			currency: currencies.pick(random),
			chargeAt: Math.max(earliest - HOUR + 60, at - random.int(3 * DAY, 40 * DAY)),
			created: at,
			dueBy,
			evidenceAt: null,
			draft: false,
			closedAt: null,
			refundAt: null,
			closedByMerchant: false,
			withdrawal: false,
			...extra,
		});
	};
	const open = (status: DisputeStatus, dueIn: number, draft = false): void => {
		const dueBy = now + dueIn;
		const window = Math.max(random.int(7, 21) * DAY, dueIn + DAY);
		add(status, dueBy - window, dueBy, { draft });
	};
	const ago = (min: number, max: number): number => now - random.int(min * DAY, max * DAY);
	const closed = (
		status: DisputeStatus,
		minAge: number,
		maxAge: number,
		extra: (created: number) => Partial<DisputePlan>,
	): void => {
		const created = ago(minAge, maxAge);
		add(status, created, created + random.int(7, 21) * DAY, extra(created));
	};
	const submitted = (created: number) => ({ evidenceAt: created + random.int(DAY, 6 * DAY) });
	const decided = (created: number) => ({
		evidenceAt: created + random.int(DAY, 6 * DAY),
		closedAt: created + random.int(45 * DAY, 75 * DAY),
	});

	// Open disputes and inquiries, due past, today, within 3 and 7 days, and later.
	for (const dueIn of [
		-2.5 * DAY,
		-1.2 * DAY,
		5 * HOUR,
		40 * HOUR,
		64 * HOUR,
		4.5 * DAY,
		6.2 * DAY,
		10 * DAY,
		16 * DAY,
	]) {
		open("needs_response", Math.round(dueIn), dueIn === 10 * DAY);
	}
	for (const dueIn of [-1.5 * DAY, 8 * HOUR, 52 * HOUR, 5.5 * DAY, 13 * DAY])
		open("warning_needs_response", Math.round(dueIn));
	for (let i = 0; i < 4; i++) closed("under_review", 10, 50, submitted);
	for (let i = 0; i < 2; i++) closed("warning_under_review", 10, 50, submitted);
	for (let i = 0; i < 3; i++)
		closed("warning_closed", 70, 400, (c) => ({ closedAt: c + random.int(30 * DAY, 60 * DAY) }));
	for (let i = 0; i < 2; i++) {
		closed("charge_refunded", 40, 300, (c) => {
			const refundAt = c + random.int(DAY, 4 * DAY);
			return { refundAt, closedAt: refundAt + HOUR };
		});
	}
	for (let i = 0; i < 8; i++) closed("won", 90, 450, (c) => ({ ...decided(c), withdrawal: i === 0 }));
	for (let i = 0; i < 8; i++) {
		if (i < 3)
			closed("lost", 20, 400, (c) => ({ closedAt: c + random.int(DAY, 5 * DAY), closedByMerchant: true }));
		else if (i < 5) closed("lost", 60, 400, (c) => ({ closedAt: c + 22 * DAY, withdrawal: true }));
		else closed("lost", 90, 450, decided);
	}

	for (let i = plans.length; i < count; i++) {
		const age = (now - historyStart - 30 * DAY) * (1 - Math.sqrt(random.next())) + DAY;
		const created = now - Math.round(age);
		const roll = random.next();
		const days = age / DAY;
		if (days < 18) {
			const status = roll < 0.7 ? "needs_response" : roll < 0.8 ? "warning_needs_response" : "under_review";
			add(
				status,
				created,
				created + 21 * DAY,
				status === "under_review" ? { evidenceAt: created + HOUR * random.int(2, 40) } : {},
			);
		} else if (days < 80) {
			if (roll < 0.6) add("under_review", created, created + 21 * DAY, submitted(created));
			else if (roll < 0.7) add("warning_under_review", created, created + 21 * DAY, submitted(created));
			else if (roll < 0.85)
				add("lost", created, created + 21 * DAY, { closedAt: created + 3 * DAY, closedByMerchant: true });
			else if (roll < 0.9)
				add("charge_refunded", created, created + 21 * DAY, {
					refundAt: created + DAY,
					closedAt: created + DAY + HOUR,
				});
			else add("warning_closed", created, created + 21 * DAY, { closedAt: created + 30 * DAY });
		} else if (roll < 0.42) add("won", created, created + 21 * DAY, decided(created));
		else if (roll < 0.84)
			add(
				"lost",
				created,
				created + 21 * DAY,
				roll < 0.6 ? { closedAt: created + 22 * DAY } : decided(created),
			);
		else if (roll < 0.93)
			add("warning_closed", created, created + 21 * DAY, { closedAt: created + 40 * DAY });
		else
			add("charge_refunded", created, created + 21 * DAY, {
				refundAt: created + 2 * DAY,
				closedAt: created + 2 * DAY + HOUR,
			});
	}
	// Whatever happened after the dispute opened happened before now.
	for (const plan of plans) {
		const clamp = (at: number | null): number | null =>
			at === null ? null : Math.min(now - 60, Math.max(plan.created + 60, at));
		plan.evidenceAt = clamp(plan.evidenceAt);
		plan.refundAt = clamp(plan.refundAt);
		plan.closedAt = clamp(plan.closedAt);
	}
	return plans;
}
