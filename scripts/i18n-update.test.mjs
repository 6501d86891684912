import { describe, expect, it } from "vitest";
import { catalogueHeaders } from "./i18n/catalogue-files.mjs";
import { mergeCatalogue } from "./i18n-update.mjs";

const entry = (msgid, extra = {}) => ({ msgid, msgstr: [""], comments: { reference: "a.ts:1" }, ...extra });

const template = {
	charset: "utf-8",
	headers: {},
	translations: {
		"": {
			"": { msgid: "", msgstr: [""] },
			Password: entry("Password", { comments: { reference: "login.ts:9" } }),
			"New string": entry("New string"),
			"%d payout": entry("%d payout", { msgid_plural: "%d payouts", msgstr: ["", ""] }),
		},
		verb: { Post: entry("Post", { msgctxt: "verb" }) },
	},
};

const previous = {
	charset: "utf-8",
	headers: { "Last-Translator": "Someone <someone@example.com>", "PO-Revision-Date": "2026-11-01" },
	translations: {
		"": {
			"": { msgid: "", msgstr: [""] },
			Password: entry("Password", {
				msgstr: ["Mot de passe"],
				comments: { reference: "old.ts:1", translator: "as WordPress" },
			}),
			"%d payout": entry("%d payout", { msgid_plural: "%d payouts", msgstr: ["%d virement"] }),
			"Gone string": entry("Gone string", { msgstr: ["Disparu"] }),
		},
		noun: { Post: entry("Post", { msgctxt: "noun", msgstr: ["Article"] }) },
	},
};

describe("i18n:update keeps a language's catalogue in step with the template", () => {
	const { catalogue, translated, dropped } = mergeCatalogue(template, previous, catalogueHeaders("fr_FR"));
	const plain = catalogue.translations[""];

	it("keeps a translation and its translator's comment, with the template's references", () => {
		expect(plain.Password.msgstr).toEqual(["Mot de passe"]);
		expect(plain.Password.comments).toEqual({ reference: "login.ts:9", translator: "as WordPress" });
	});

	it("adds a new string with an empty msgstr, as many as the language has plural forms", () => {
		expect(plain["New string"].msgstr).toEqual([""]);
		expect(plain["%d payout"].msgstr).toEqual(["%d virement", ""]);
	});

	it("keys by context, and drops strings the template no longer has", () => {
		expect(catalogue.translations.verb.Post.msgstr).toEqual([""]);
		expect(catalogue.translations.noun).toBeUndefined();
		expect(plain["Gone string"]).toBeUndefined();
		expect({ translated, dropped }).toEqual({ translated: 2, dropped: 2 });
	});

	it("writes the language's plural rule and keeps who translated it last", () => {
		expect(catalogue.headers).toMatchObject({
			Language: "fr_FR",
			"Plural-Forms": "nplurals=2; plural=(n > 1);",
			"Last-Translator": "Someone <someone@example.com>",
		});
		expect(catalogueHeaders("de_DE")["Plural-Forms"]).toBe("nplurals=2; plural=(n != 1);");
	});
});
