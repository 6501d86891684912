/**
 * A user of the store, at WordPress's user URL (/wp-admin/user-edit.php?user_id={id}), which
 * the payment timeline links to for a manual fraud decision: who the user is and the role that
 * lets them act on payments. Users are managed with `npm run user`, so the page only shows them.
 */
import { Card, CardBody, CardHeader, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { ApiError } from "../../app/api.ts";
import { useLocation } from "../../app/router.tsx";
import { roleName } from "../../components/role-name.ts";
import { useUser } from "../../data/users.ts";

/** The user_id parameter: a positive whole number, else nothing to load. */
export function userIdOf(value: string | string[] | undefined): number | null {
	if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
	const id = Number(value);
	return id > 0 ? id : null;
}

export default function UserScreen() {
	const { query } = useLocation();
	const userId = userIdOf(query.user_id);
	const user = useUser(userId);

	if (userId === null || user.isError) {
		const missing = userId === null || (user.error instanceof ApiError && user.error.status === 404);
		return (
			<div className="paydesk-page">
				<Notice status="error" isDismissible={false}>
					{missing ? __("Invalid user ID.", "paydesk") : __("Error retrieving user.", "paydesk")}
				</Notice>
			</div>
		);
	}
	if (user.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading user…", "paydesk")}
			</div>
		);
	}
	const { data } = user;
	const rows: [string, string][] = [
		[__("Username", "paydesk"), data.username],
		[__("Name", "paydesk"), data.name],
		[__("Email", "paydesk"), data.email],
		[__("Role", "paydesk"), data.roles.map(roleName).join(", ")],
	];
	return (
		<div className="paydesk-page">
			<Card>
				<CardHeader>
					<h2 className="paydesk-card-title">{data.name || data.username}</h2>
				</CardHeader>
				<CardBody>
					<table className="form-table" aria-label={__("User", "paydesk")}>
						<tbody>
							{rows.map(([label, value]) => (
								<tr key={label}>
									<th scope="row">{label}</th>
									<td>{value}</td>
								</tr>
							))}
						</tbody>
					</table>
				</CardBody>
			</Card>
		</div>
	);
}
