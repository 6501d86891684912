/**
 * The Profile's Account Management, as WordPress lays it out: a new password, then the
 * sessions. The new password needs the current one; once changed, every other session has ended
 * (the list shows this one alone).
 */
import { Button, Card, CardBody, TextControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { fieldHelp } from "../../components/wp-options-form/field-help.tsx";
import { showRefusal } from "./refusal.ts";
import { SessionsList } from "./sessions-list.tsx";
import { useChangePassword } from "./use-sessions.ts";

type PasswordField = "current_password" | "password";

const labels = (): Record<PasswordField, string> => ({
	current_password: __("Current Password", "paydesk"),
	password: __("New Password", "paydesk"),
});

function PasswordForm() {
	const change = useChangePassword();
	const [values, setValues] = useState<Record<PasswordField, string>>({ current_password: "", password: "" });
	const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
	const field = (name: PasswordField, autoComplete: string) => (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			id={`profile-${name}`}
			type="password"
			label={labels()[name]}
			value={values[name]}
			autoComplete={autoComplete}
			spellCheck={false}
			aria-invalid={errors[name] ? true : undefined}
			help={fieldHelp(errors[name])}
			onChange={(value) => {
				setValues((current) => ({ ...current, [name]: value }));
				setErrors((current) => ({ ...current, [name]: undefined }));
			}}
		/>
	);
	return (
		<form
			aria-label={__("Change your password", "paydesk")}
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				change.mutate(values, {
					onSuccess: () => {
						setValues({ current_password: "", password: "" });
						createNotice(
							"success",
							__("Your password was changed. Your other sessions were logged out.", "paydesk"),
							{ id: "profile-password" },
						);
					},
					onError: (refusal) => {
						const refused = showRefusal(
							__("Error changing the password.", "paydesk"),
							refusal,
							labels(),
							"profile-password",
						);
						setErrors(refused);
						const first = (Object.keys(refused) as PasswordField[])[0];
						if (first) document.getElementById(`profile-${first}`)?.focus();
					},
				});
			}}
		>
			{field("current_password", "current-password")}
			{field("password", "new-password")}
			<div className="paydesk-two-factor__actions">
				<Button
					type="submit"
					variant="secondary"
					isBusy={change.isPending}
					disabled={change.isPending}
					accessibleWhenDisabled
				>
					{__("Change Password", "paydesk")}
				</Button>
			</div>
		</form>
	);
}

export function AccountManagement() {
	return (
		<Card className="paydesk-account-management">
			<CardBody>
				<h2 className="paydesk-card-title">{__("Account Management", "paydesk")}</h2>
				<PasswordForm />
				<h3>{__("Sessions", "paydesk")}</h3>
				<SessionsList />
			</CardBody>
		</Card>
	);
}
