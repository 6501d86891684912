/**
 * The user's own language on their profile: read from GET /wp/v2/users/me ("" follows the
 * store's), saved with POST /wp/v2/users/me { locale }. A save reloads the page, which then says
 * 'Profile updated.' (WordPress's words; saved-reload.ts says why it reloads); a refusal keeps
 * the choice and says why next to the field and in an error notice.
 */
import { language } from "@paydesk/contract/site-settings";
import { updateCurrentUser } from "@paydesk/contract/wp";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";
import { useCurrentUser } from "../../components/list/use-hidden-columns.ts";
import {
	type FieldErrors,
	fieldErrorsOf,
	refusalText,
} from "../../components/wp-options-form/field-errors.ts";
import { reloadWithFlag } from "../../components/wp-options-form/saved-reload.ts";

/** The flag WordPress's profile.php puts in the URL after a save. */
export const UPDATED_FLAG = "updated";

const labels = () => ({ locale: __("Language", "paydesk") });

export function useProfileLanguage() {
	const client = useQueryClient();
	const user = useCurrentUser();
	const [chosen, setChosen] = useState<string | null>(null);
	const [errors, setErrors] = useState<FieldErrors<"locale">>({});
	const [refusals, setRefusals] = useState(0);
	const mutation = useMutation({
		mutationFn: (locale: string) => {
			// A language this version does not offer (set elsewhere) is left as it is.
			const offered = language.safeParse(locale);
			return callRoute(updateCurrentUser, { body: offered.success ? { locale: offered.data } : {} });
		},
		onSuccess: (updated) => {
			client.setQueryData(queryKeys.currentUser(), updated);
			reloadWithFlag(UPDATED_FLAG, "1");
		},
		onError: (error) => {
			setErrors(fieldErrorsOf(error, labels()));
			setRefusals((count) => count + 1);
			createNotice("error", refusalText(__("Error updating profile.", "paydesk"), error, labels()), {
				id: "profile-save",
			});
		},
	});
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
			if (locale !== null) mutation.mutate(locale);
		},
	};
}
