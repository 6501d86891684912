/**
 * Stripe's lists: `{ object: "list", url, has_more, data }`, newest first, `limit` 1 to 100
 * (default 10), and a cursor: `starting_after` (the page after an object) or `ending_before` (the
 * page before one). A page is a keyset read on (created, id) through an index that starts with
 * the account, so a page deep in a million rows costs what the first one does.
 */
import { type RawBuilder, sql } from "kysely";
import { invalidRequest, resourceMissing } from "./errors.ts";
import type { RangeFilter } from "./params.ts";

export const DEFAULT_LIMIT = 10;

export interface ListRequest {
	limit?: number | undefined;
	starting_after?: string | undefined;
	ending_before?: string | undefined;
	created?: RangeFilter | undefined;
}

export interface PagePlan {
	/** The rows to read: one more than the page, to know whether more follow. */
	take: number;
	limit: number;
	/** desc for the first page and after a cursor; asc before one (the page is reversed after). */
	direction: "asc" | "desc";
	/** The keyset condition on (created, id), or null on the first page. */
	cursor: RawBuilder<boolean> | null;
}

/**
 * Plans a page. `locate` finds the cursor object's created time among the list's own objects; an
 * id that is not one of them is a 404 naming the parameter, as Stripe answers.
 */
export async function planPage(
	request: ListRequest,
	columns: { created: string; id: string },
	object: string,
	locate: (id: string) => Promise<number | undefined>,
): Promise<PagePlan> {
	const limit = request.limit ?? DEFAULT_LIMIT;
	if (request.starting_after && request.ending_before) {
		throw invalidRequest("starting_after and ending_before cannot be given together.", {
			param: "ending_before",
		});
	}
	const param = request.starting_after ? "starting_after" : request.ending_before ? "ending_before" : null;
	if (!param) return { take: limit + 1, limit, direction: "desc", cursor: null };
	const id = (request.starting_after ?? request.ending_before) as string;
	const created = await locate(id);
	if (created === undefined) throw resourceMissing(object, id, param);
	const key = sql`(${sql.ref(columns.created)}, ${sql.ref(columns.id)})`;
	const cursor =
		param === "starting_after"
			? sql<boolean>`${key} < (${created}, ${id})`
			: sql<boolean>`${key} > (${created}, ${id})`;
	return { take: limit + 1, limit, direction: param === "starting_after" ? "desc" : "asc", cursor };
}

/** The `created` filter on a column, as conditions. */
export function createdConditions(column: string, range: RangeFilter | undefined): RawBuilder<boolean>[] {
	if (!range) return [];
	const ref = sql.ref(column);
	const out: RawBuilder<boolean>[] = [];
	if (range.gt !== undefined) out.push(sql<boolean>`${ref} > ${range.gt}`);
	if (range.gte !== undefined) out.push(sql<boolean>`${ref} >= ${range.gte}`);
	if (range.lt !== undefined) out.push(sql<boolean>`${ref} < ${range.lt}`);
	if (range.lte !== undefined) out.push(sql<boolean>`${ref} <= ${range.lte}`);
	return out;
}

export interface StripeList<T> {
	object: "list";
	url: string;
	has_more: boolean;
	data: T[];
}

/** The page's rows in Stripe's order (newest first), and whether more follow in its direction. */
export function pageOf<R>(rows: readonly R[], plan: PagePlan): { rows: R[]; hasMore: boolean } {
	const hasMore = rows.length > plan.limit;
	const page = rows.slice(0, plan.limit);
	if (plan.direction === "asc") page.reverse();
	return { rows: page, hasMore };
}

export function listOf<T>(url: string, data: T[], hasMore: boolean): StripeList<T> {
	return { object: "list", url, has_more: hasMore, data };
}
