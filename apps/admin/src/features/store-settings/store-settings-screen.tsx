/**
 * WooCommerce › Settings › General (page=wc-settings&tab=general), for shop managers and
 * administrators: the store's address, where it sells and ships, and its currency options,
 * saved with "Save changes", after which the page says "Your settings have been saved." A
 * payments viewer reads them, every field and the save disabled.
 */
import { Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef } from "react";
import { useCan } from "../../app/routes.ts";
import { ReadOnlyFieldset } from "../../components/read-only/read-only.tsx";
import { useUnsavedChanges } from "../../components/unsaved-changes/use-unsaved-changes.ts";
import { OptionsSaveButton } from "../../components/wp-options-form/save-button.tsx";
import { useSavedNotice } from "../../components/wp-options-form/saved-reload.ts";
import { CurrencyOptionsSection, GeneralOptionsSection, StoreAddressSection } from "./settings-sections.tsx";
import { SettingsTabs } from "./settings-tabs.tsx";
import { SAVED_FLAG, useStoreSettingsForm } from "./use-store-settings-form.ts";
import "../../components/wp-options-form/options-form.css";
import "./store-settings.css";

export default function StoreSettingsScreen() {
	const form = useStoreSettingsForm();
	const canChange = useCan("manage_woocommerce");
	useSavedNotice(SAVED_FLAG, __("Your settings have been saved.", "paydesk"));
	useUnsavedChanges(
		form.dirty && !form.saving,
		__("The changes you made will be lost if you navigate away from this page.", "paydesk"),
	);
	const formElement = useRef<HTMLFormElement>(null);
	// After a refusal the keyboard lands on the first refused field, which reads its reason.
	useEffect(() => {
		if (form.refusals > 0) formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
	}, [form.refusals]);

	if (!form.draft) {
		return (
			<div className="paydesk-page">
				<SettingsTabs />
				{form.loadFailed ? (
					<Notice status="error" isDismissible={false}>
						{__("Error retrieving settings.", "paydesk")}
					</Notice>
				) : (
					<div className="paydesk-loading" role="status">
						<Spinner /> {__("Loading settings…", "paydesk")}
					</div>
				)}
			</div>
		);
	}
	return (
		<div className="paydesk-page paydesk-store-settings">
			<SettingsTabs />
			<form
				ref={formElement}
				className="paydesk-options-form"
				aria-label={__("General settings", "paydesk")}
				noValidate
				onSubmit={(event) => {
					event.preventDefault();
					if (canChange) form.save();
				}}
			>
				<ReadOnlyFieldset readOnly={!canChange}>
					<StoreAddressSection form={form} />
					<GeneralOptionsSection form={form} />
					<CurrencyOptionsSection form={form} />
					<OptionsSaveButton saving={form.saving}>{__("Save changes", "paydesk")}</OptionsSaveButton>
				</ReadOnlyFieldset>
			</form>
		</div>
	);
}
