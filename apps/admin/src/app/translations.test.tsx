import type { LocaleData } from "@paydesk/domain/locale-data";
import { render, screen } from "@testing-library/react";
import { __, _n, resetLocaleData, sprintf } from "@wordpress/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CATALOGUES, type CatalogueLoaders, loadTranslations } from "./translations.ts";

const FRENCH: LocaleData = {
	"": { domain: "paydesk", lang: "fr_FR", plural_forms: "nplurals=2; plural=(n > 1);" },
	Payments: ["Paiements"],
	"%d payout": ["%d virement", "%d virements"],
};

function Heading({ payouts }: { payouts: number }) {
	return (
		<>
			<h1>{__("Payments", "paydesk")}</h1>
			<p>{sprintf(_n("%d payout", "%d payouts", payouts, "paydesk"), payouts)}</p>
			<p>{__("Disputes", "paydesk")}</p>
		</>
	);
}

afterEach(() => resetLocaleData(undefined, "paydesk"));

describe("the admin speaks the user's language, not only English", () => {
	it("shows a French text once the French catalogue is loaded, and English where it has none", async () => {
		const catalogues: CatalogueLoaders = { fr_FR: async () => FRENCH };
		expect(await loadTranslations("fr_FR", catalogues)).toBe("fr_FR");
		render(<Heading payouts={0} />);
		expect(screen.getByRole("heading", { name: "Paiements" })).toBeTruthy();
		expect(screen.getByText("0 virement")).toBeTruthy();
		expect(screen.getByText("Disputes")).toBeTruthy();
	});

	it("reads the language's catalogue for a locale without its own: fr_CA reads fr_FR", async () => {
		const catalogues: CatalogueLoaders = { fr_FR: async () => FRENCH };
		expect(await loadTranslations("fr_CA", catalogues)).toBe("fr_FR");
		render(<Heading payouts={2} />);
		expect(screen.getByRole("heading", { name: "Paiements" })).toBeTruthy();
	});

	it("fetches no catalogue for English (United States) or a language not shipped", async () => {
		const french = vi.fn(async () => FRENCH);
		expect(await loadTranslations("en_US", { fr_FR: french })).toBeNull();
		expect(await loadTranslations("es_ES", { fr_FR: french })).toBeNull();
		expect(french).not.toHaveBeenCalled();
		render(<Heading payouts={1} />);
		expect(screen.getByRole("heading", { name: "Payments" })).toBeTruthy();
	});

	it("ships French and German, built from the .po files without their untranslated strings", async () => {
		expect(Object.keys(CATALOGUES).sort()).toEqual(["de_DE", "fr_FR"]);
		const french = await CATALOGUES.fr_FR?.();
		expect(french?.[""]).toEqual({
			domain: "paydesk",
			lang: "fr_FR",
			plural_forms: "nplurals=2; plural=(n > 1);",
		});
		expect(french?.Password).toEqual(["Mot de passe"]);
		expect(Object.values(french ?? {}).flat()).not.toContain("");
		// de_CH has no catalogue of its own (WordPress has one): it reads de_DE.
		expect(await loadTranslations("de_CH")).toBe("de_DE");
	});
});
