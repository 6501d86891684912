/**
 * The General Settings form: the store's settings (GET /wp/v2/settings) as a draft, saved whole
 * with POST /wp/v2/settings. A save reloads the page, which then says 'Settings saved.' (see
 * saved-reload.ts for why); a refusal keeps the draft, names the refused fields next to them and
 * says what failed in an error notice.
 */
import { type SiteSettings, language as siteLanguage } from "@paydesk/contract/site-settings";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import {
	type FieldErrors,
	fieldErrorsOf,
	refusalText,
} from "../../components/wp-options-form/field-errors.ts";
import { reloadWithFlag } from "../../components/wp-options-form/saved-reload.ts";
import { siteLanguageChoice } from "../../components/wp-options-form/site-languages.ts";
import { useSaveSiteSettings, useSiteSettings } from "../../data/site-settings.ts";

export type SiteField = keyof SiteSettings;

/** WordPress's labels of the General Settings fields. */
export function siteFieldLabels(): Record<SiteField, string> {
	return {
		title: __("Site Title", "paydesk"),
		description: __("Tagline", "paydesk"),
		language: __("Site Language", "paydesk"),
		timezone: __("Timezone", "paydesk"),
		date_format: __("Date Format", "paydesk"),
		time_format: __("Time Format", "paydesk"),
		start_of_week: __("Week Starts On", "paydesk"),
		two_factor_required_roles: __("Require Two-Factor Sign-In", "paydesk"),
	};
}

/** The flag WordPress's options.php puts in the URL after a save. */
export const SAVED_FLAG = "settings-updated";

export interface GeneralSettingsForm {
	draft: SiteSettings | null;
	edit: (patch: Partial<SiteSettings>) => void;
	errors: FieldErrors<SiteField>;
	loadFailed: boolean;
	saving: boolean;
	/** How many saves were refused: a new refusal is when to move focus to the first refused field. */
	refusals: number;
	save: () => void;
}

export function useGeneralSettingsForm(): GeneralSettingsForm {
	const query = useSiteSettings();
	const [edits, setEdits] = useState<Partial<SiteSettings>>({});
	const [errors, setErrors] = useState<FieldErrors<SiteField>>({});
	const [refusals, setRefusals] = useState(0);
	const mutation = useSaveSiteSettings();
	const refused = (error: Error) => {
		const labels = siteFieldLabels();
		setErrors(fieldErrorsOf(error, labels));
		setRefusals((count) => count + 1);
		createNotice("error", refusalText(__("Error saving settings.", "paydesk"), error, labels), {
			id: "site-settings-save",
		});
	};
	const loaded = query.data;
	const draft = loaded ? { ...loaded, language: siteLanguageChoice(loaded.language), ...edits } : null;

	return {
		draft,
		edit: (patch) => {
			setEdits((current) => ({ ...current, ...patch }));
			// A changed field's old refusal no longer applies.
			setErrors((current) =>
				Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))),
			);
		},
		errors,
		loadFailed: query.isError,
		refusals,
		// Still busy while the page reloads after a save.
		saving: mutation.isPending || mutation.isSuccess,
		save: () => {
			if (!draft) return;
			// A language this version does not offer (set elsewhere) is left as it is.
			const language = siteLanguage.safeParse(draft.language);
			mutation.mutate(
				{ ...draft, language: language.success ? language.data : undefined },
				{ onSuccess: () => reloadWithFlag(SAVED_FLAG, "true"), onError: refused },
			);
		},
	};
}
