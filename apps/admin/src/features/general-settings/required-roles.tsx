/**
 * Two-factor sign-in required by role (/wp/v2/settings two_factor_required_roles): a checkbox
 * per role that reaches the admin. A user of a checked role who has not set it up is sent to
 * their Profile to do so after their password, and can do nothing else until they have.
 */
import { ROLES } from "@paydesk/contract/wp";
import { __ } from "@wordpress/i18n";
import { roleName } from "../../components/role-name.ts";

/** Roles whose users sign in to the admin; customers do not. */
const ADMIN_ROLES = ROLES.filter((role) => role !== "customer");

export function RequiredRoles({
	legend,
	value,
	error,
	onChange,
}: {
	legend: string;
	value: readonly string[];
	error: string | undefined;
	onChange: (roles: string[]) => void;
}) {
	const errorId = "two_factor_required_roles_error";
	const helpId = "two_factor_required_roles_help";
	return (
		<fieldset className="paydesk-options-form__fieldset" aria-describedby={helpId}>
			<legend>{legend}</legend>
			{ADMIN_ROLES.map((role) => (
				<label key={role} className="paydesk-options-form__choice">
					<input
						type="checkbox"
						name="two_factor_required_roles"
						value={role}
						checked={value.includes(role)}
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? errorId : undefined}
						onChange={(event) =>
							onChange(
								event.currentTarget.checked
									? ADMIN_ROLES.filter((one) => one === role || value.includes(one))
									: value.filter((one) => one !== role),
							)
						}
					/>
					<span>{roleName(role)}</span>
				</label>
			))}
			{error && (
				<p id={errorId} className="paydesk-options-form__error">
					{error}
				</p>
			)}
			<p id={helpId} className="paydesk-options-form__help">
				{__(
					"Users of the roles checked must sign in with a code of an authenticator app. One who has not set it up is sent to their profile to do so after their password.",
					"paydesk",
				)}
			</p>
		</fieldset>
	);
}
