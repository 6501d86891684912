/**
 * Playwright's `test`, with every page on the journeys' timeline (clock.ts) and each worker on a
 * shared store of its own (servers.ts), signed in as its administrator: the journeys import `test`
 * and `expect` from here, never from @playwright/test itself. A journey that signs in by itself
 * sets `storageState` to an empty session, as before.
 */
import { test as base } from "@playwright/test";
import { onE2eTime } from "./clock.ts";
import { E2E_SERVERS, type E2eServer } from "./servers.ts";

export const test = base.extend<object, { store: E2eServer }>({
	store: [
		// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
		async ({}, use, workerInfo) => {
			await use(E2E_SERVERS[workerInfo.parallelIndex % E2E_SERVERS.length] as E2eServer);
		},
		{ scope: "worker" },
	],
	baseURL: async ({ store }, use) => {
		await use(store.url);
	},
	// Still an option (as Playwright's own is): a journey's test.use({ storageState }) replaces it.
	storageState: async ({ store }, use) => {
		await use(store.storageState);
	},
	context: async ({ context }, use) => {
		await use(await onE2eTime(context));
	},
});

export { expect } from "@playwright/test";
