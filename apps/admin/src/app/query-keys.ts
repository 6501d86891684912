/**
 * One query-key factory per entity, used by the data hooks and by invalidation after a
 * mutation, so a key is never written by hand twice.
 */
import type { QueryValue } from "@paydesk/domain/query-string";

type Params = Record<string, QueryValue>;

export const queryKeys = {
	account: () => ["account"] as const,
	currentUser: () => ["current-user"] as const,
	options: (names: readonly string[]) => ["options", ...names] as const,
	deposits: {
		all: () => ["deposits"] as const,
		list: (query: Params) => ["deposits", "list", query] as const,
		summary: (query: Params) => ["deposits", "summary", query] as const,
		overview: () => ["deposits", "overview"] as const,
		detail: (id: string) => ["deposits", "detail", id] as const,
	},
	transactions: {
		all: () => ["transactions"] as const,
		list: (query: Params) => ["transactions", "list", query] as const,
		summary: (query: Params) => ["transactions", "summary", query] as const,
	},
};
