/**
 * The signed-in user's Profile (/wp-admin/profile.php), in WordPress's order: Personal Options
 * (the language the admin speaks to them in, saved with "Update Profile"), Account Management
 * (a new password, their sessions) and Two-Factor Options. Every user the admin is served to
 * has one. A user whose role requires two-factor sign-in and who has not set it up sees only
 * that, which they must do before anything else.
 */
import { Card, CardBody, Notice, SelectControl, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef } from "react";
import { getSettings } from "../../app/settings.ts";
import { fieldHelp } from "../../components/wp-options-form/field-help.tsx";
import { useSavedNotice } from "../../components/wp-options-form/saved-reload.ts";
import { userLanguageOptions } from "../../components/wp-options-form/site-languages.ts";
import { AccountManagement } from "./account-management.tsx";
import { continueToAdmin } from "./continue-to-admin.ts";
import { TwoFactorSection } from "./two-factor-section.tsx";
import { UPDATED_FLAG, useProfileLanguage } from "./use-profile-language.ts";
import "../../components/wp-options-form/options-form.css";
import { OptionsSaveButton } from "../../components/wp-options-form/save-button.tsx";
import "./profile.css";

function Enrolment() {
	return (
		<div className="paydesk-page paydesk-options-form">
			<Notice status="warning" isDismissible={false}>
				{__(
					"Your role requires two-factor sign-in. Set up an authenticator app to continue to the admin.",
					"paydesk",
				)}
			</Notice>
			<TwoFactorSection enrolling onEnrolled={continueToAdmin} />
		</div>
	);
}

export default function ProfileScreen() {
	if (getSettings().twoFactorEnrolmentRequired) return <Enrolment />;
	return <Profile />;
}

function Profile() {
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
		<div className="paydesk-page paydesk-options-form paydesk-profile">
			<form
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
			<AccountManagement />
			<TwoFactorSection enrolling={false} onEnrolled={continueToAdmin} />
		</div>
	);
}
