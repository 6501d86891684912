/** The current user as GET /wp/v2/users/me answers it, for component tests; override what a test needs. */
import type { CurrentUser } from "@paydesk/contract/wp";

export function currentUserFixture(overrides: Partial<CurrentUser> = {}): CurrentUser {
	return {
		id: 1,
		username: "admin",
		name: "Alex",
		first_name: "Alex",
		last_name: "",
		email: "alex@example.com",
		roles: ["administrator"],
		capabilities: {},
		locale: "",
		meta: {},
		...overrides,
	};
}
