/**
 * Playwright's `test`, with every page on the journeys' timeline (clock.ts): the journeys import
 * `test` and `expect` from here, never from @playwright/test itself.
 */
import { test as base } from "@playwright/test";
import { onE2eTime } from "./clock.ts";

export const test = base.extend({
	context: async ({ context }, use) => {
		await use(await onE2eTime(context));
	},
});

export { expect } from "@playwright/test";
