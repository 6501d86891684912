/**
 * Security headers on every page: a Content-Security-Policy that runs only Paydesk's
 * own scripts and the partner scripts the page settings name (no inline script, no eval), that
 * forbids framing by other sites and plugins, with a Referrer-Policy and nosniff — on the admin
 * page, the login page, REST answers, errors, redirects, static files and downloads alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PAGE_SETTINGS_ELEMENT_ID } from "@paydesk/contract/page-settings";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ASSETS_PREFIX } from "../../src/admin-pages/routes.ts";
import { seedStore } from "../../src/seed/store.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE } from "../support/invariants.ts";

const ORIGIN = "http://localhost:8080";
const adminDist = mkdtempSync(path.join(tmpdir(), "paydesk-admin-dist-"));
let t: TestApp;
let manager: Actor;

beforeAll(async () => {
	// The shape of the built admin's index.html: module scripts and styles from the plugin's dist.
	writeFileSync(
		path.join(adminDist, "index.html"),
		`<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Paydesk</title>
<script type="module" crossorigin src="${ADMIN_ASSETS_PREFIX}assets/index.js"></script>
<link rel="stylesheet" href="${ADMIN_ASSETS_PREFIX}assets/index.css"></head>
<body class="wp-admin"><div id="paydesk-root"></div></body></html>`,
	);
	writeFileSync(path.join(adminDist, "app.js"), "export {};");
	t = await createTestApp({
		adminDist,
		seed: async (db, now) =>
			void (await seedStore(db, { accountId: TEST_ACCOUNT, transactions: 40, seed: 2, now })),
	});
	manager = await t.actor("shop_manager");
});
afterAll(async () => {
	await t.close();
	rmSync(adminDist, { recursive: true, force: true });
});

/** The policy as directive → sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
	const header = String(response.headers["content-security-policy"] ?? "");
	const directives = new Map<string, string[]>();
	for (const part of header.split(";")) {
		const [name, ...sources] = part.trim().split(/\s+/);
		if (name) directives.set(name.toLowerCase(), sources);
	}
	return directives;
}

/** Whether a script URL (absolute or relative to the page) may run under the policy. */
function scriptAllowed(policy: Map<string, string[]>, url: string): boolean {
	const sources = policy.get("script-src") ?? policy.get("default-src") ?? [];
	const target = new URL(url, ORIGIN);
	if (target.origin === ORIGIN && sources.includes("'self'")) return true;
	return sources.some((source) => source !== "'self'" && url.startsWith(source));
}

function expectHeaders(response: LightMyRequestResponse, where: string): void {
	const policy = policyOf(response);
	const scripts = policy.get("script-src") ?? [];
	expect(scripts, `${where}: script-src`).toContain("'self'");
	for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:", "blob:"]) {
		expect(scripts, `${where}: script-src allows ${loose}`).not.toContain(loose);
	}
	expect(policy.get("object-src"), `${where}: object-src`).toEqual(["'none'"]);
	const ancestors = policy.get("frame-ancestors") ?? [];
	expect(ancestors.length, `${where}: frame-ancestors`).toBeGreaterThan(0);
	expect(ancestors, `${where}: frame-ancestors`).not.toContain("*");
	expect(policy.get("base-uri"), `${where}: base-uri`).toBeDefined();
	expect(
		["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"],
		`${where}: Referrer-Policy`,
	).toContain(response.headers["referrer-policy"]);
	expect(response.headers["x-content-type-options"], `${where}: nosniff`).toBe("nosniff");
}

const get = (url: string, headers: Record<string, string> = {}) =>
	t.app.inject({ method: "GET", url, headers });

describe("every kind of answer carries the security headers", () => {
	it.each([
		["the admin page", "/wp-admin/admin.php?page=wc-admin&path=/payments/overview", true],
		["the login page", "/wp-login.php", false],
		["a redirect", "/", false],
		["the admin page, logged out (redirect)", "/wp-admin/admin.php?page=wc-admin", false],
		["an HTML 404", "/no/such/page", false],
		["a static stylesheet", "/wp-admin/css/login.css", false],
		["a partner script", "/sandbox-partner/card.js", false],
		["a REST answer", `${BASE}/accounts`, true],
		["a REST refusal", `${BASE}/accounts`, false],
		["a REST 404", `${BASE}/no-such-route`, true],
		["a CSV download", `${BASE}/transactions/download`, true],
		["a partner page", "/sandbox-partner/onboarding?session=nope", false],
	] as const)("%s", async (name, url, signedIn) => {
		const response = await get(url, signedIn ? manager.headers : {});
		expect(response.statusCode, name).toBeLessThan(500);
		expectHeaders(response, name);
	});
});

describe("the admin page runs only its own scripts and the partner scripts its settings name", () => {
	it("allows every script the page loads, and the page has no inline script that would run", async () => {
		const response = await get("/wp-admin/admin.php?page=wc-admin&path=/payments/overview", manager.headers);
		expect(response.statusCode).toBe(200);
		const policy = policyOf(response);
		const tags = [...response.body.matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1] ?? "");
		expect(tags.length).toBeGreaterThan(0);
		for (const attributes of tags) {
			const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
			if (src) expect(scriptAllowed(policy, src), src).toBe(true);
			// The only inline element is the page settings' JSON data island, which never runs.
			else expect(attributes).toContain('type="application/json"');
		}
		const island = new RegExp(
			`<script type="application/json" id="${PAGE_SETTINGS_ELEMENT_ID}">(.*?)</script>`,
			"s",
		);
		const settings = JSON.parse(island.exec(response.body)?.[1] ?? "{}") as {
			cardProviderScript?: string;
			fraudServices?: Record<string, { script_url: string }>;
		};
		const partnerScripts = [
			settings.cardProviderScript ?? "",
			...Object.values(settings.fraudServices ?? {}).map((service) => service.script_url),
		];
		expect(partnerScripts.filter(Boolean).length).toBeGreaterThan(0);
		for (const url of partnerScripts) expect(scriptAllowed(policy, url), url).toBe(true);
		// And nothing else: a script from another site is refused.
		expect(scriptAllowed(policy, "https://evil.example/x.js")).toBe(false);
	});
});
