/**
 * One query-key factory per entity, used by the data hooks and by invalidation after a
 * mutation, so a key is never written by hand twice.
 */
export const queryKeys = {
	account: () => ["account"] as const,
	currentUser: () => ["current-user"] as const,
	options: (names: readonly string[]) => ["options", ...names] as const,
};
