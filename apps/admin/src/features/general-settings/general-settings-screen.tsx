/**
 * WordPress's General Settings (/wp-admin/options-general.php), for administrators: Site
 * Title, Tagline, Site Language, Timezone, Date Format, Time Format and Week Starts On, in
 * WordPress's order, then the roles that must sign in with two factors, saved with "Save
 * Changes".
 */
import { Card, CardBody, Notice, SelectControl, Spinner, TextControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef } from "react";
import { fieldHelp } from "../../components/wp-options-form/field-help.tsx";
import { useSavedNotice } from "../../components/wp-options-form/saved-reload.ts";
import { siteLanguageOptions } from "../../components/wp-options-form/site-languages.ts";
import { DATE_FORMATS, FormatChoice, TIME_FORMATS } from "./format-choice.tsx";
import { RequiredRoles } from "./required-roles.tsx";
import { TimeZoneSelect } from "./time-zone-select.tsx";
import { SAVED_FLAG, siteFieldLabels, useGeneralSettingsForm } from "./use-general-settings-form.ts";
import "../../components/wp-options-form/options-form.css";
import { OptionsSaveButton } from "../../components/wp-options-form/save-button.tsx";

const WEEKDAYS = () =>
	[
		__("Sunday", "paydesk"),
		__("Monday", "paydesk"),
		__("Tuesday", "paydesk"),
		__("Wednesday", "paydesk"),
		__("Thursday", "paydesk"),
		__("Friday", "paydesk"),
		__("Saturday", "paydesk"),
	].map((label, day) => ({ value: String(day), label }));

export default function GeneralSettingsScreen() {
	const form = useGeneralSettingsForm();
	useSavedNotice(SAVED_FLAG, __("Settings saved.", "paydesk"));
	const formElement = useRef<HTMLFormElement>(null);
	// After a refusal the keyboard lands on the first refused field, which reads its message.
	useEffect(() => {
		if (form.refusals > 0) formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
	}, [form.refusals]);

	const { draft, edit, errors } = form;
	if (!draft) {
		return form.loadFailed ? (
			<div className="paydesk-page">
				<Notice status="error" isDismissible={false}>
					{__("Error retrieving settings.", "paydesk")}
				</Notice>
			</div>
		) : (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading settings…", "paydesk")}
			</div>
		);
	}
	const labels = siteFieldLabels();
	const now = Math.floor(Date.now() / 1000);
	const invalid = (error: string | undefined) => (error ? true : undefined);
	return (
		<form
			ref={formElement}
			className="paydesk-page paydesk-options-form"
			aria-label={__("General Settings", "paydesk")}
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				form.save();
			}}
		>
			<Card>
				<CardBody>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						id="blogname"
						label={labels.title}
						value={draft.title}
						aria-invalid={invalid(errors.title)}
						help={fieldHelp(errors.title)}
						onChange={(title) => edit({ title })}
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						id="blogdescription"
						label={labels.description}
						value={draft.description}
						aria-invalid={invalid(errors.description)}
						help={fieldHelp(
							errors.description,
							__("In a few words, explain what this site is about.", "paydesk"),
						)}
						onChange={(description) => edit({ description })}
					/>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						id="WPLANG"
						label={labels.language}
						value={draft.language}
						options={siteLanguageOptions()}
						aria-invalid={invalid(errors.language)}
						help={fieldHelp(errors.language)}
						onChange={(language) => edit({ language })}
					/>
					<TimeZoneSelect
						value={draft.timezone}
						error={errors.timezone}
						now={now}
						onChange={(timezone) => edit({ timezone })}
					/>
					<FormatChoice
						name="date_format"
						legend={labels.date_format}
						customLabel={__("Custom date format:", "paydesk")}
						customHint={__("enter a custom date format in the following field", "paydesk")}
						presets={DATE_FORMATS}
						value={draft.date_format}
						error={errors.date_format}
						now={now}
						timeZone={draft.timezone}
						onChange={(date_format) => edit({ date_format })}
					/>
					<FormatChoice
						name="time_format"
						legend={labels.time_format}
						customLabel={__("Custom time format:", "paydesk")}
						customHint={__("enter a custom time format in the following field", "paydesk")}
						presets={TIME_FORMATS}
						value={draft.time_format}
						error={errors.time_format}
						now={now}
						timeZone={draft.timezone}
						onChange={(time_format) => edit({ time_format })}
					/>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						id="start_of_week"
						label={labels.start_of_week}
						value={String(draft.start_of_week)}
						options={WEEKDAYS()}
						aria-invalid={invalid(errors.start_of_week)}
						help={fieldHelp(errors.start_of_week)}
						onChange={(day) => edit({ start_of_week: Number(day) })}
					/>
					<RequiredRoles
						legend={labels.two_factor_required_roles}
						value={draft.two_factor_required_roles}
						error={errors.two_factor_required_roles}
						onChange={(roles) => edit({ two_factor_required_roles: roles })}
					/>
				</CardBody>
			</Card>
			<OptionsSaveButton saving={form.saving}>{__("Save Changes", "paydesk")}</OptionsSaveButton>
		</form>
	);
}
