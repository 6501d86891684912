import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JsonObject, type JsonTemplate, omitDerived, restoreDerived } from "./derived-json.ts";

const CARD_TEMPLATE: JsonTemplate = {
	brand: undefined,
	last4: undefined,
	network: "visa",
	country: "US",
	checks: { cvc_check: "pass", address_line1_check: "pass" },
	wallet: null,
};

describe("documents stored as what their row does not already say", () => {
	it("stores the slots by position and only the values the template does not give", () => {
		const card = {
			brand: "visa",
			last4: "4242",
			network: "visa",
			country: "US",
			checks: { cvc_check: "pass", address_line1_check: "fail" },
			wallet: null,
		};
		const stored = omitDerived(card, CARD_TEMPLATE);
		expect(stored).toEqual({ "=": ["visa", "4242"], checks: { address_line1_check: "fail" } });
		const restored = restoreDerived(stored, CARD_TEMPLATE);
		expect(restored).toEqual(card);
		expect(Object.keys(restored)).toEqual(Object.keys(card));
	});

	it("stores a document that differs in its slots only as the list of them", () => {
		const card = { brand: "visa", last4: "4242", network: "visa", country: "US", checks: {}, wallet: null };
		const template = { ...CARD_TEMPLATE, checks: {} };
		expect(omitDerived(card, template)).toEqual(["visa", "4242"]);
		expect(restoreDerived(["visa", "4242"], template)).toEqual(card);
		expect(restoreDerived(["visa"], template)).toEqual({ ...card, last4: undefined });
	});

	it("remembers the template keys a document does not have", () => {
		const card = { brand: "visa", network: "visa", checks: { cvc_check: "pass" } };
		const stored = omitDerived(card, CARD_TEMPLATE);
		expect(stored).toEqual({
			"=": ["visa"],
			"-": ["country", "wallet"],
			checks: { "-": ["address_line1_check"] },
		});
		expect(restoreDerived(stored, CARD_TEMPLATE)).toEqual(card);
	});

	it("names the slots when one is missing before another", () => {
		const card = {
			last4: "4242",
			network: "visa",
			country: "US",
			checks: CARD_TEMPLATE.checks,
			wallet: null,
		};
		const stored = omitDerived(card as never, CARD_TEMPLATE);
		expect(stored).toEqual({ last4: "4242" });
		expect(restoreDerived(stored, CARD_TEMPLATE)).toEqual(card);
	});

	it("derives a value from the document's earlier keys", () => {
		const template: JsonTemplate = { brand: undefined, network: (card) => card.brand, wallet: null };
		const visa = { brand: "visa", network: "visa", wallet: null };
		expect(omitDerived(visa, template)).toEqual(["visa"]);
		expect(restoreDerived(["visa"], template)).toEqual(visa);
		const cobranded = { brand: "visa", network: "cartes_bancaires", wallet: null };
		expect(restoreDerived(omitDerived(cobranded, template), template)).toEqual(cobranded);
		const unbranded = { network: "visa", wallet: null };
		expect(omitDerived(unbranded, template)).toEqual({ network: "visa" });
		expect(restoreDerived({ network: "visa" }, template)).toEqual(unbranded);
		expect(restoreDerived(omitDerived({ wallet: null }, template), template)).toEqual({ wallet: null });
	});

	it("keeps values of another shape than the template's as they are", () => {
		const card = { brand: "visa", checks: null, wallet: { type: "apple_pay" }, network: ["visa"] };
		const restored = restoreDerived(omitDerived(card, CARD_TEMPLATE), CARD_TEMPLATE);
		expect(restored).toEqual({ ...card });
	});

	it("reads back any document against any template", () => {
		const key = fc.constantFrom("a", "b", "c", "d");
		const leaf = fc.oneof(
			fc.constantFrom(null, true, 0, 1, "x", "y"),
			fc.array(fc.constantFrom(1, "x"), { maxLength: 2 }),
		);
		const { tree } = fc.letrec<{ tree: JsonObject }>((tie) => ({
			tree: fc.dictionary(key, fc.oneof({ maxDepth: 2 }, leaf, tie("tree")), { maxKeys: 4 }),
		}));
		const template = fc.letrec<{ tree: JsonTemplate }>((tie) => ({
			tree: fc.dictionary(key, fc.oneof({ maxDepth: 2 }, leaf, fc.constant(undefined), tie("tree")), {
				maxKeys: 4,
			}),
		})).tree;
		fc.assert(
			fc.property(tree, template, (document, derived) => {
				expect(restoreDerived(omitDerived(document, derived), derived)).toEqual(document);
			}),
			{ numRuns: 2000 },
		);
	});
});
