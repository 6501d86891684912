/** Marks the multi-currency setup completed, saved as one option through POST /settings/{option}. */
import { MULTI_CURRENCY_OPTIONS } from "@paydesk/contract/multi-currency";
import { saveSettingOption } from "@paydesk/contract/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";

export function useCompleteSetup() {
	const client = useQueryClient();
	const name = MULTI_CURRENCY_OPTIONS.setupCompleted;
	return useMutation({
		mutationFn: () => callRoute(saveSettingOption, { params: { option: name }, body: { value: true } }),
		onSuccess: () => client.setQueryData(queryKeys.options([name]), { [name]: true }),
		onError: () => createNotice("error", __("Error saving option", "paydesk")),
	});
}
