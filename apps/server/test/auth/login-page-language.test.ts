/**
 * The login page speaks the site's language, as WordPress's does: the server's store
 * language (WPLANG), or the language the visitor picked with ?wp_lang=, remembered in the
 * wp_lang cookie for the form's POST. Its texts come from languages/paydesk-fr_FR.po.
 */

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { postLoginForm } from "../../src/testing/login-form.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { writeOptions } from "../../src/wp/queries.ts";

let t: TestApp;
let site: FastifyInstance;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	site = await t.anotherServer({ siteAccountId: TEST_ACCOUNT });
});
afterAll(async () => {
	await site.close();
	await t.close();
});

const loginPage = async (app: FastifyInstance, url = "/wp-login.php", cookie = "") => {
	const response = await app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
	expect(response.statusCode).toBe(200);
	return response;
};

describe("the login page's language", () => {
	it("is English (United States) when the site has no language", async () => {
		const { body } = await loginPage(site);
		expect(body).toContain('<html lang="en-US">');
		expect(body).toContain('<label for="user_login">Username or Email Address</label>');
		expect(body).toContain('value="Log In"');
	});

	it("is the site's language: French labels and button", async () => {
		await writeOptions(t.db.kysely, TEST_ACCOUNT, { WPLANG: "fr_FR" });
		try {
			const { body } = await loginPage(site);
			expect(body).toContain('<html lang="fr-FR">');
			expect(body).toContain("<title>Se connecter &lsaquo; Paydesk</title>");
			expect(body).toContain('<label for="user_login">Identifiant ou adresse e-mail</label>');
			expect(body).toContain('<label for="user_pass">Mot de passe</label>');
			expect(body).toContain('value="Se connecter"');
			expect(body).not.toContain("Username or Email Address");
		} finally {
			await writeOptions(t.db.kysely, TEST_ACCOUNT, { WPLANG: "" });
		}
	});

	it("follows ?wp_lang= and remembers it for the form's POST", async () => {
		const picked = await loginPage(site, "/wp-login.php?wp_lang=fr_FR");
		expect(picked.body).toContain('<label for="user_pass">Mot de passe</label>');
		const language = picked.cookies.find((one) => one.name === "wp_lang");
		expect(language?.value).toBe("fr_FR");
		const cookie = `wp_lang=${language?.value}`;
		const posted = await postLoginForm(site, { log: "someone", pwd: "" }, { headers: { cookie } });
		expect(posted.statusCode).toBe(400);
		expect(posted.body).toContain('value="Se connecter"');
		expect(posted.body).toContain('<div id="login_error"');
	});

	it("ignores a wp_lang that is not a locale", async () => {
		const page = await loginPage(site, "/wp-login.php?wp_lang=%3Cscript%3E");
		expect(page.body).toContain('<html lang="en-US">');
		expect(page.cookies.map((one) => one.name)).not.toContain("wp_lang");
	});
});
