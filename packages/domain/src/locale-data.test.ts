import { describe, expect, it } from "vitest";
import { type Catalogue, catalogueLocaleFor, localeDataOf } from "./locale-data.ts";
import { englishTranslator } from "./translator.ts";

const catalogue: Catalogue = {
	headers: { Language: "fr_FR", "Plural-Forms": "nplurals=2; plural=(n > 1);" },
	translations: {
		"": {
			"": { msgid: "", msgstr: ["Language: fr_FR\n"] },
			Password: { msgid: "Password", msgstr: ["Mot de passe"] },
			"Remember Me": { msgid: "Remember Me", msgstr: [""] },
			"%d payout": {
				msgid: "%d payout",
				msgid_plural: "%d payouts",
				msgstr: ["%d virement", "%d virements"],
			},
			"%d dispute": { msgid: "%d dispute", msgid_plural: "%d disputes", msgstr: ["%d litige", ""] },
		},
		verb: { Post: { msgid: "Post", msgctxt: "verb", msgstr: ["Publier"] } },
	},
};

describe("a catalogue becomes @wordpress/i18n's locale data", () => {
	const data = localeDataOf(catalogue, "paydesk");

	it("carries the domain, the language and its plural rule", () => {
		expect(data[""]).toEqual({
			domain: "paydesk",
			lang: "fr_FR",
			plural_forms: "nplurals=2; plural=(n > 1);",
		});
	});

	it("keys a translation by msgid, after its context and U+0004, with every plural form", () => {
		expect(data.Password).toEqual(["Mot de passe"]);
		expect(data["verb\u0004Post"]).toEqual(["Publier"]);
		expect(data["%d payout"]).toEqual(["%d virement", "%d virements"]);
	});

	it("leaves out an empty msgstr, or a plural missing a form, so the English text shows instead", () => {
		expect(data).not.toHaveProperty("Remember Me");
		expect(data).not.toHaveProperty("%d dispute");
	});
});

describe("the catalogue a locale reads", () => {
	const shipped = ["fr_FR", "de_DE"];

	it("is its own when shipped", () => {
		expect(catalogueLocaleFor("fr_FR", shipped)).toBe("fr_FR");
		expect(catalogueLocaleFor("de_DE", shipped)).toBe("de_DE");
	});

	it("else the one of its language: de_CH and de_AT read de_DE, fr_CA and fr_BE read fr_FR", () => {
		expect(catalogueLocaleFor("de_CH", shipped)).toBe("de_DE");
		expect(catalogueLocaleFor("de_AT", shipped)).toBe("de_DE");
		expect(catalogueLocaleFor("de_DE_formal", shipped)).toBe("de_DE");
		expect(catalogueLocaleFor("fr_CA", shipped)).toBe("fr_FR");
		expect(catalogueLocaleFor("fr_BE", ["fr_CA", "fr_BE"])).toBe("fr_BE");
		expect(catalogueLocaleFor("fr_CH", ["fr_CA", "fr_BE"])).toBe("fr_CA");
	});

	it("else none, so the English texts show", () => {
		expect(catalogueLocaleFor("en_US", shipped)).toBeNull();
		expect(catalogueLocaleFor("en_GB", shipped)).toBeNull();
		expect(catalogueLocaleFor("es_ES", shipped)).toBeNull();
		expect(catalogueLocaleFor("", shipped)).toBeNull();
	});
});

describe("the English translator", () => {
	it("answers the text as written, singular for exactly one", () => {
		expect(englishTranslator.__("Won", "paydesk")).toBe("Won");
		expect(englishTranslator._x("Post", "verb", "paydesk")).toBe("Post");
		expect(englishTranslator._n("%d payout", "%d payouts", 1, "paydesk")).toBe("%d payout");
		expect(englishTranslator._n("%d payout", "%d payouts", 0, "paydesk")).toBe("%d payouts");
	});
});
