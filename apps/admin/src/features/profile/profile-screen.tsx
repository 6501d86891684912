/**
 * The signed-in user's Profile (/wp-admin/profile.php): the language the admin speaks to them
 * in, the store's (Site Default) or one of their own, saved with "Update Profile". Every user
 * the admin is served to has one.
 */
import { Card, CardBody, Notice, SelectControl, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef } from "react";
import { fieldHelp } from "../../components/wp-options-form/field-help.tsx";
import { useSavedNotice } from "../../components/wp-options-form/saved-reload.ts";
import { userLanguageOptions } from "../../components/wp-options-form/site-languages.ts";
import { UPDATED_FLAG, useProfileLanguage } from "./use-profile-language.ts";
import "../../components/wp-options-form/options-form.css";
import { OptionsSaveButton } from "../../components/wp-options-form/save-button.tsx";

export default function ProfileScreen() {
	const profile = useProfileLanguage();
	useSavedNotice(UPDATED_FLAG, __("Profile updated.", "paydesk"));
	const select = useRef<HTMLSelectElement>(null);
	// After a refusal the keyboard lands on the field, which reads why.
	useEffect(() => {
		if (profile.refusals > 0) select.current?.focus();
	}, [profile.refusals]);

	if (profile.locale === null) {
		return profile.loadFailed ? (
			<div className="paydesk-page">
				<Notice status="error" isDismissible={false}>
					{__("Error retrieving user.", "paydesk")}
				</Notice>
			</div>
		) : (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading profile…", "paydesk")}
			</div>
		);
	}
	return (
		<form
			className="paydesk-page paydesk-options-form"
			aria-label={__("Profile", "paydesk")}
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				profile.save();
			}}
		>
			<Card>
				<CardBody>
					<h2 className="paydesk-card-title">{__("Personal Options", "paydesk")}</h2>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						id="locale"
						ref={select}
						label={profile.label}
						value={profile.locale}
						options={userLanguageOptions()}
						aria-invalid={profile.error ? true : undefined}
						help={fieldHelp(
							profile.error,
							__("The language the admin speaks to you in; Site Default follows the store's.", "paydesk"),
						)}
						onChange={profile.choose}
					/>
				</CardBody>
			</Card>
			<OptionsSaveButton saving={profile.saving}>{__("Update Profile", "paydesk")}</OptionsSaveButton>
		</form>
	);
}
