/**
 * Card readers (spec 2 'Card readers page', 'Card readers stats', Card reader and Card reader
 * stat entities, §7 readers calls, §9 page size 10).
 *
 * - GET /readers answers the account's readers, active first then newest, at most `limit`
 *   (default and maximum 10), with the total count.
 * - GET /readers/charges/{id} answers, for a card reader fee charge, how each reader was used
 *   in the period the charge billed: reader_id, status, count of transactions and the fee.
 */
import { READERS_PAGE_SIZE } from "@paydesk/domain/readers";
import { z } from "zod";
import { isoDate, minorAmount, objectId, queryInt } from "./common.ts";
import { listResponse } from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const READER_ERRORS = { chargeNotFound: "wcpay_card_reader_charge_not_found" } as const;

export const cardReader = z.object({
	id: z.string(),
	/** The reader's model, e.g. "BBPOS WisePOS E". */
	device_type: z.string(),
	is_active: z.boolean(),
	/** The merchant's name for it, e.g. "Front counter". */
	label: z.string(),
});
export type CardReader = z.infer<typeof cardReader>;

export const listReaders = defineRoute({
	method: "GET",
	path: `${REST_BASE}/readers`,
	summary: "The account's card readers (at most 10)",
	tag: "readers",
	query: z.object({ limit: queryInt(1, READERS_PAGE_SIZE).default(READERS_PAGE_SIZE) }),
	response: listResponse(cardReader),
});

export const cardReaderStat = z.object({
	reader_id: z.string(),
	status: z.string(),
	count: z.number().int(),
	fee: z.object({ amount: minorAmount, currency: z.string() }),
});
export type CardReaderStat = z.infer<typeof cardReaderStat>;

export const readerChargeStats = z.object({
	charge_id: z.string(),
	/** When the fee was billed, ISO 8601 in UTC. */
	created: isoDate,
	data: z.array(cardReaderStat),
});
export type ReaderChargeStats = z.infer<typeof readerChargeStats>;

export const getReaderChargeStats = defineRoute({
	method: "GET",
	path: `${REST_BASE}/readers/charges/{id}`,
	summary: "Per-reader usage and fees billed by one card reader fee charge",
	tag: "readers",
	params: z.object({ id: objectId }),
	response: readerChargeStats,
	errors: [READER_ERRORS.chargeNotFound],
});
