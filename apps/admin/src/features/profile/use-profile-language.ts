/**
 * The user's own language on their profile: read from GET /wp/v2/users/me ("" follows the
 * store's), saved with POST /wp/v2/users/me { locale }. A save reloads the page, which then says
 * 'Profile updated.' (WordPress's words; saved-reload.ts says why it reloads); a refusal keeps
 * the choice and says why next to the field and in an error notice.
 */
import { language } from "@paydesk/contract/site-settings";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import {
	type FieldErrors,
	fieldErrorsOf,
	refusalText,
} from "../../components/wp-options-form/field-errors.ts";
import { reloadWithFlag } from "../../components/wp-options-form/saved-reload.ts";
import { useCurrentUser, useUpdateCurrentUser } from "../../data/current-user.ts";

/** The flag WordPress's profile.php puts in the URL after a save. */
export const UPDATED_FLAG = "updated";

const labels = () => ({ locale: __("Language", "paydesk") });

export function useProfileLanguage() {
	const user = useCurrentUser();
	const [chosen, setChosen] = useState<string | null>(null);
	const [errors, setErrors] = useState<FieldErrors<"locale">>({});
	const [refusals, setRefusals] = useState(0);
	const mutation = useUpdateCurrentUser();
	const refused = (error: Error) => {
		setErrors(fieldErrorsOf(error, labels()));
		setRefusals((count) => count + 1);
		createNotice("error", refusalText(__("Error updating profile.", "paydesk"), error, labels()), {
			id: "profile-save",
		});
	};
	const locale = chosen ?? user.data?.locale ?? null;
	return {
		label: labels().locale,
		locale,
		choose: (next: string) => {
			setChosen(next);
			setErrors({});
		},
		error: errors.locale,
		/** How many saves were refused: a new refusal is when to move focus to the field. */
		refusals,
		loadFailed: user.isError,
		// Still busy while the page reloads after a save.
		saving: mutation.isPending || mutation.isSuccess,
		save: () => {
			if (locale === null) return;
			// A language this version does not offer (set elsewhere) is left as it is.
			const offered = language.safeParse(locale);
			mutation.mutate(offered.success ? { locale: offered.data } : {}, {
				onSuccess: () => reloadWithFlag(UPDATED_FLAG, "1"),
				onError: refused,
			});
		},
	};
}
