/** An uploaded file's details (GET /file/{id}/details): its name; 'Error retrieving file.' on failure (spec 2 §8). */
import { getFileDetails } from "@paydesk/contract/files";
import { useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

export function useFileDetails(fileId: string | undefined, enabled: boolean) {
	return useQuery({
		queryKey: queryKeys.files.details(fileId ?? ""),
		queryFn: ({ signal }) => callRoute(getFileDetails, { params: { id: fileId ?? "" }, signal }),
		enabled: Boolean(fileId) && enabled,
		meta: { errorNotice: { message: __("Error retrieving file.", "paydesk"), id: `file-${fileId}` } },
	});
}
