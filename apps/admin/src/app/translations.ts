/**
 * The user's language: before the first render, main.tsx hands @wordpress/i18n the catalogue of
 * the locale in the page settings, so every `__()` of the admin answers in it. Each shipped
 * catalogue (languages/paydesk-<locale>.po, turned into locale data by the build, see
 * vite-plugins/gettext-catalogues.ts) is a chunk of its own, fetched only for its language; an
 * English (United States) user fetches none. A locale without a catalogue reads its language's
 * (de_CH reads de_DE), else stays in English.
 */
import { catalogueLocaleFor, type LocaleData } from "@paydesk/domain/locale-data";
import { setLocaleData } from "@wordpress/i18n";

export type CatalogueLoaders = Record<string, () => Promise<LocaleData>>;

const SHIPPED = import.meta.glob<LocaleData>("../../../../languages/paydesk-*.po", { import: "default" });

/** The shipped catalogues by locale (…/paydesk-fr_FR.po → fr_FR). */
export const CATALOGUES: CatalogueLoaders = Object.fromEntries(
	Object.entries(SHIPPED).map(([file, load]) => [/paydesk-([^/]+)\.po$/.exec(file)?.[1] ?? file, load]),
);

/**
 * Loads the catalogue for a locale into @wordpress/i18n (text domain "paydesk"), and answers
 * the catalogue's locale, or null when the texts stay in English.
 */
export async function loadTranslations(
	locale: string,
	catalogues: CatalogueLoaders = CATALOGUES,
): Promise<string | null> {
	const chosen = catalogueLocaleFor(locale, Object.keys(catalogues));
	const load = chosen ? catalogues[chosen] : undefined;
	if (!chosen || !load) return null;
	setLocaleData(await load(), "paydesk");
	return chosen;
}
