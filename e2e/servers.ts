/**
 * The journeys' shared stores: one server each, built alike (the same seed on the same timeline),
 * and one Playwright worker each (fixtures.ts gives a worker its store and its administrator's
 * session). `E2E_WORKERS=1` runs every journey on one store, one after another.
 */
import { fileURLToPath } from "node:url";

const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);
const COUNT = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export interface E2eServer {
	port: number;
	url: string;
	/** The file of the administrator's signed-in session on it (global-setup.ts). */
	storageState: string;
}

export const E2E_SERVERS: readonly E2eServer[] = Array.from({ length: COUNT }, (_, index) => ({
	port: FIRST_PORT + index,
	url: `http://127.0.0.1:${FIRST_PORT + index}`,
	storageState: fileURLToPath(new URL(`../.tmp/e2e-admin-${index}.json`, import.meta.url)),
}));
