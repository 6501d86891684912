/**
 * The production server runs compiled ahead of time, with no TypeScript at run time:
 * scripts/build-server.mjs bundles the server, and plain `node` starts the bundle on a fresh
 * store, serves the login page, the files read from disk next to the sources (partner and test
 * checkout assets, static files, the languages' catalogues), takes a payment (which loads the
 * GeoIP database lazily), prints a tax invoice with the fonts of node_modules, and stops cleanly
 * on SIGTERM. On SQLite and, in the suite's second pass, on PostgreSQL.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplicationPassword, findUserRow, toAuthUser } from "../../src/auth/users.ts";
import { INTENTS, IP_OF, paymentBody } from "../support/intake-fixtures.ts";
import { pdfText } from "../support/pdf-tools.ts";
import { ACCOUNT, createStore, type Store, until } from "../support/server-process.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
// A sibling of src/ and dist/, so the bundle finds the server's files as dist/main.js does.
const OUTFILE = path.join(ROOT, "apps/server/.tmp", `compiled-${randomBytes(4).toString("hex")}.js`);
const ADMIN = "compiled-admin";

async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const { port } = probe.address() as net.AddressInfo;
			probe.close(() => resolve(port));
		});
	});
}

let store: Store;
let server: ChildProcess;
let exited: Promise<number | null>;
let output = "";
let url = "";

beforeAll(async () => {
	mkdirSync(path.dirname(OUTFILE), { recursive: true });
	const build = spawnSync(process.execPath, ["scripts/build-server.mjs", "--outfile", OUTFILE], {
		cwd: ROOT,
		encoding: "utf8",
	});
	if (build.status !== 0) throw new Error(`The server build failed:\n${build.stdout}${build.stderr}`);

	store = await createStore();
	url = `http://127.0.0.1:${await freePort()}`;
	// Only what a production start is given: no NODE_OPTIONS (so no TypeScript loader) from the test run.
	const env: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		NODE_ENV: "production",
		DATA_DIR: store.dataDir,
		PORT: new URL(url).port,
		HOST: "127.0.0.1",
		ACCOUNT_ID: ACCOUNT,
		ADMIN_USER: ADMIN,
		ADMIN_PASSWORD: "compiled-admin-password",
		SEED_TRANSACTIONS: "0",
		LOG_LEVEL: "warn",
	};
	if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
	server = spawn(process.execPath, [OUTFILE], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
	server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
	server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
	exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
	await until(
		"the compiled server to answer",
		async () => {
			if (server.exitCode !== null) throw new Error(`The compiled server exited:\n${output}`);
			return fetch(`${url}/wp-login.php`).then(
				(response) => response.status === 200,
				() => false,
			);
		},
		30_000,
		50,
	);
});

afterAll(async () => {
	if (server && server.exitCode === null && server.signalCode === null) {
		server.kill("SIGKILL");
		await exited;
	}
	await store?.remove();
	rmSync(OUTFILE, { force: true });
});

describe("the production server, compiled ahead of time", () => {
	it("is one JavaScript file that neither names tsx nor imports a TypeScript file", () => {
		const bundle = readFileSync(OUTFILE, "utf8");
		expect(bundle).not.toMatch(/\btsx\b/);
		// esbuild notes the payment areas' import pattern in a comment above their bundled modules.
		const code = bundle.replace(/^\s*\/\/.*$/gm, "");
		expect(code).not.toMatch(/(?:from|import\()\s*["'][^"']*\.[cm]?tsx?["']/);
	});

	it("serves the login page, the partner and test checkout assets and the static files", async () => {
		for (const file of [
			"/wp-login.php",
			"/sandbox-partner/connect.js",
			"/paydesk/test-checkout/test-checkout.js",
			"/wp-admin/css/login.css",
		]) {
			const response = await fetch(`${url}${file}`);
			expect({ file, status: response.status }).toEqual({ file, status: 200 });
		}
	});

	it("reads the languages folder from its own location: the login page in French", async () => {
		const body = await (await fetch(`${url}/wp-login.php?wp_lang=fr_FR`)).text();
		expect(body).toContain('<label for="user_pass">Mot de passe</label>');
	});

	it("takes a card payment, locating the customer's address with the GeoIP database", async () => {
		const db = store.open();
		try {
			const row = await findUserRow(db.kysely, ADMIN);
			if (!row) throw new Error("no administrator");
			const { password } = await createApplicationPassword(db.kysely, toAuthUser(row), "compiled", 0);
			const response = await fetch(`${url}${INTENTS}`, {
				method: "POST",
				headers: {
					authorization: `Basic ${Buffer.from(`${ADMIN}:${password}`).toString("base64")}`,
					"content-type": "application/json",
				},
				body: JSON.stringify(paymentBody("4242 4242 4242 4242", { customer_ip: IP_OF.GB })),
			});
			const body = (await response.json()) as { status?: string };
			expect({ status: response.status, intent: body.status }).toEqual({
				status: 200,
				intent: "succeeded",
			});
		} finally {
			await db.close();
		}
	});

	it("finds the document fonts in node_modules: a tax invoice prints Łódź and 東京", async () => {
		const db = store.open();
		try {
			const row = await findUserRow(db.kysely, ADMIN);
			if (!row) throw new Error("no administrator");
			const { password } = await createApplicationPassword(db.kysely, toAuthUser(row), "invoice", 0);
			const details = {
				name: "東京商事株式会社",
				address: "ul. Piotrkowska 1\n90-001 Łódź",
				vat_number: null,
			};
			await db.kysely
				.updateTable("accounts")
				.set({ vat_details: JSON.stringify(details) })
				.where("id", "=", ACCOUNT)
				.execute();
			await db.kysely
				.insertInto("documents")
				.values({
					account_id: ACCOUNT,
					id: "doc_compiled",
					type: "vat_invoice",
					date: 1_790_000_000,
					period_from: null,
					period_to: null,
					amount: 1234,
					currency: "eur",
				})
				.execute();
			const response = await fetch(`${url}/wp-json/wc/v3/payments/documents/doc_compiled`, {
				headers: { authorization: `Basic ${Buffer.from(`${ADMIN}:${password}`).toString("base64")}` },
			});
			expect(response.status).toBe(200);
			const text = pdfText(Buffer.from(await response.arrayBuffer()));
			expect(text).toContain("東京商事株式会社");
			expect(text).toContain("90-001 Łódź");
		} finally {
			await db.close();
		}
	});

	it("stops cleanly on SIGTERM", async () => {
		server.kill("SIGTERM");
		expect(await exited).toBe(0);
	});
});
