/**
 * The scenario file (scenarios.ts) run through the official SDK against Paydesk, which passes
 * every scenario, and against stripe-stateful-mock (npm), another stateful stand-in for Stripe.
 * The README's table of which server passes which scenario is checked against this run, so it
 * cannot go stale: PAYDESK_WRITE_SCENARIOS=1 writes it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Stripe from "stripe";
import { createExpressApp } from "stripe-stateful-mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { SCENARIOS } from "./scenarios.ts";

const README = path.resolve(import.meta.dirname, "../../../../README.md");
const START = "<!-- stripe-scenarios:start -->";
const END = "<!-- stripe-scenarios:end -->";

let t: TestApp;
let paydesk: Stripe;
let mock: Stripe;
let mockServer: Server;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	const { secret } = await createApiKeys(t.db.kysely, TEST_ACCOUNT, "scenarios", t.clock.seconds());
	paydesk = new Stripe(secret, {
		host: "127.0.0.1",
		port: (t.app.server.address() as AddressInfo).port,
		protocol: "http",
		maxNetworkRetries: 0,
	});
	await new Promise<void>((resolve) => {
		mockServer = createExpressApp().listen(0, "127.0.0.1", resolve);
	});
	mock = new Stripe("sk_test_scenarios", {
		host: "127.0.0.1",
		port: (mockServer.address() as AddressInfo).port,
		protocol: "http",
		maxNetworkRetries: 0,
	});
});

afterAll(async () => {
	await new Promise((resolve) => mockServer.close(resolve));
	await t.close();
});

async function passes(stripe: Stripe, run: (stripe: Stripe) => Promise<void>): Promise<boolean> {
	try {
		await run(stripe);
		return true;
	} catch {
		return false;
	}
}

describe("the scenarios", () => {
	const results: { name: string; paydesk: boolean; mock: boolean }[] = [];

	it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
		"%s passes on Paydesk",
		async (_name, scenario) => {
			await scenario.run(paydesk);
		},
	);

	it("the README says which server passes which scenario", async () => {
		for (const scenario of SCENARIOS) {
			results.push({
				name: scenario.name,
				paydesk: await passes(paydesk, scenario.run),
				mock: await passes(mock, scenario.run),
			});
		}
		const mark = (passed: boolean) => (passed ? "passes" : "fails");
		const table = [
			"| Scenario (apps/server/test/stripe-api/scenarios.ts) | Paydesk | stripe-stateful-mock 0.0.16 |",
			"|---|---|---|",
			...results.map((row) => `| ${row.name} | ${mark(row.paydesk)} | ${mark(row.mock)} |`),
		].join("\n");
		const block = `${START}\n${table}\n${END}`;
		const readme = readFileSync(README, "utf8");
		const from = readme.indexOf(START);
		const to = readme.indexOf(END);
		const current = from === -1 || to === -1 ? "" : readme.slice(from, to + END.length);
		if (process.env.PAYDESK_WRITE_SCENARIOS === "1" && from !== -1 && to !== -1) {
			writeFileSync(README, readme.replace(current, block));
		} else {
			expect(current, "run with PAYDESK_WRITE_SCENARIOS=1 to write the table").toBe(block);
		}
		expect(results.every((row) => row.paydesk)).toBe(true);
	}, 120_000);
});
