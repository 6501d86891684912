/** A user of the store (GET /wp/v2/users/{id}), for the user page the timeline links to. */
import { getUser } from "@paydesk/contract/wp";
import { queryKeys } from "../app/query-keys.ts";
import { useObjectRead } from "./object-read.ts";

export function useUser(userId: number | null) {
	return useObjectRead(
		queryKeys.users.detail(userId ?? 0),
		getUser,
		{ id: userId ?? 0 },
		{ enabled: userId !== null },
	);
}
