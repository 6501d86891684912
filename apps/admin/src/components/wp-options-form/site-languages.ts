/**
 * The languages a store or a user may choose (the contract's SITE_LANGUAGES), named as
 * WordPress names them in its language lists: each in its own language, with a lang attribute
 * so a screen reader reads it in that language.
 */
import { SITE_LANGUAGES, type SiteLanguage } from "@paydesk/contract/site-settings";
import { __ } from "@wordpress/i18n";

export interface LanguageOption {
	value: string;
	label: string;
	lang?: string;
}

const NATIVE_NAMES: Record<SiteLanguage, () => string> = {
	en_US: () => __("English (United States)", "paydesk"),
	fr_FR: () => "Français",
	de_DE: () => "Deutsch",
	de_CH: () => "Deutsch (Schweiz)",
};

function languageOption(code: SiteLanguage, value: string = code): LanguageOption {
	return { value, label: NATIVE_NAMES[code](), lang: code.replace("_", "-") };
}

/** The store's language: English (United States) is "" (WordPress's WPLANG), then the others. */
export function siteLanguageOptions(): LanguageOption[] {
	return SITE_LANGUAGES.map((code) => languageOption(code, code === "en_US" ? "" : code));
}

/** A stored store language as the select shows it: en_US is the same choice as "". */
export function siteLanguageChoice(language: string): string {
	return language === "en_US" ? "" : language;
}

/** A user's language: Site Default ("", follow the store's) and every language. */
export function userLanguageOptions(): LanguageOption[] {
	return [
		{ value: "", label: __("Site Default", "paydesk") },
		...SITE_LANGUAGES.map((code) => languageOption(code)),
	];
}
