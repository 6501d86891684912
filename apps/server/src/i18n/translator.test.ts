import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedLocales, translatorFor, translatorsOf } from "./translator.ts";

const FRENCH = `msgid ""
msgstr ""
"Language: fr_FR\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Password"
msgstr "Mot de passe"

msgid "Remember Me"
msgstr ""

msgctxt "verb"
msgid "Post"
msgstr "Publier"

msgid "%d payout"
msgid_plural "%d payouts"
msgstr[0] "%d virement"
msgstr[1] "%d virements"
`;

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(path.join(tmpdir(), "paydesk-languages-"));
	writeFileSync(path.join(dir, "paydesk-fr_FR.po"), FRENCH);
	writeFileSync(path.join(dir, "paydesk.pot"), "");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the server's translator per locale", () => {
	it("finds the catalogues of a languages folder", () => {
		expect(shippedLocales(dir)).toEqual(["fr_FR"]);
	});

	it("translates from the language's catalogue, with its context and plural rule", () => {
		const t = translatorsOf(dir)("fr_FR");
		expect(t.locale).toBe("fr_FR");
		expect(t.__("Password", "paydesk")).toBe("Mot de passe");
		expect(t._x("Post", "verb", "paydesk")).toBe("Publier");
		expect(t._x("Post", "noun", "paydesk")).toBe("Post");
		// French uses the singular for 0 and 1.
		expect(t.sprintf(t._n("%d payout", "%d payouts", 0, "paydesk"), 0)).toBe("0 virement");
		expect(t.sprintf(t._n("%d payout", "%d payouts", 2, "paydesk"), 2)).toBe("2 virements");
	});

	it("shows the English text of a string not translated yet", () => {
		const t = translatorsOf(dir)("fr_FR");
		expect(t.__("Remember Me", "paydesk")).toBe("Remember Me");
		expect(t.__("Not in the catalogue", "paydesk")).toBe("Not in the catalogue");
	});

	it("reads the language's catalogue for a locale without one, else English, each made once", () => {
		const translators = translatorsOf(dir);
		expect(translators("fr_CA")).toBe(translators("fr_FR"));
		expect(translators("de_DE").locale).toBe("en_US");
		expect(translators("de_DE").__("Password", "paydesk")).toBe("Password");
		expect(translators("de_DE")._n("%d payout", "%d payouts", 0, "paydesk")).toBe("%d payouts");
	});

	it("loads the shipped catalogues from the repository's languages folder", () => {
		expect(translatorFor("fr_FR").__("Log In", "paydesk")).toBe("Se connecter");
		expect(translatorFor("de_CH").locale).toBe("de_DE");
		expect(translatorFor("en_US").__("Log In", "paydesk")).toBe("Log In");
	});
});
