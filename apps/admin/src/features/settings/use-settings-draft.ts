/**
 * The payments settings page's draft (spec 2 §4 'Settings state'): loaded from GET /settings,
 * edited field by field, checked with the contract's own field rules before it is sent, and
 * saved whole with POST /settings ('Settings saved.' or 'Error saving settings.' with the
 * server's reason).
 */
import { type PaymentSettings, writableSettings } from "@paydesk/contract/settings";
import { initialSettingsState, settingsReducer } from "@paydesk/domain/settings-state";
import { __ } from "@wordpress/i18n";
import { useEffect, useReducer } from "react";
import { createNotice } from "../../app/notices.tsx";
import {
	paymentSettingsUpdate,
	saveErrorText,
	usePaymentSettings,
	useSavePaymentSettings,
} from "../../data/settings.ts";

/**
 * What is wrong with a field: a whole sentence of the page's own, in the user's language, or the
 * contract's rule ("must be at most 22 characters", the API's English), said after the field's
 * label.
 */
export type FieldIssue = { sentence: string } | { rule: string };

export type FieldErrors = Partial<Record<keyof PaymentSettings, FieldIssue>>;

/** Each writable field against its contract rule, plus the anchors a schedule needs. */
export function fieldErrors(draft: PaymentSettings): FieldErrors {
	const errors: FieldErrors = {};
	for (const [key, schema] of Object.entries(writableSettings)) {
		const result = schema.safeParse(draft[key as keyof PaymentSettings]);
		if (!result.success)
			errors[key as keyof PaymentSettings] = { rule: result.error.issues[0]?.message ?? "is not valid" };
	}
	if (draft.deposit_schedule_interval === "weekly" && !draft.deposit_schedule_weekly_anchor)
		errors.deposit_schedule_weekly_anchor = {
			sentence: __("Payout day is required for a weekly schedule.", "paydesk"),
		};
	if (draft.deposit_schedule_interval === "monthly" && draft.deposit_schedule_monthly_anchor === null)
		errors.deposit_schedule_monthly_anchor = {
			sentence: __("Day of the month is required for a monthly schedule.", "paydesk"),
		};
	return errors;
}

export interface SettingsDraft {
	/** What the server last answered (read-only facts such as migration counts). */
	server: PaymentSettings | undefined;
	draft: PaymentSettings | null;
	edit: (patch: Partial<PaymentSettings>) => void;
	toggleMethod: (id: string, enabled: boolean) => void;
	errors: FieldErrors;
	dirty: boolean;
	saving: boolean;
	isLoading: boolean;
	loadFailed: boolean;
	save: () => void;
}

export function useSettingsDraft(): SettingsDraft {
	const query = usePaymentSettings();
	const mutation = useSavePaymentSettings();
	const [state, dispatch] = useReducer(
		settingsReducer<PaymentSettings>,
		initialSettingsState<PaymentSettings>(),
	);

	// A fresh answer replaces the draft unless the merchant is editing it.
	useEffect(() => {
		if (query.data && !state.dirty) dispatch({ type: "loaded", settings: query.data });
	}, [query.data, state.dirty]);

	const errors = state.settings ? fieldErrors(state.settings) : {};
	const save = () => {
		const draft = state.settings;
		if (!draft || Object.keys(errors).length > 0) return;
		dispatch({ type: "saveStarted" });
		mutation.mutate(paymentSettingsUpdate(draft), {
			onSuccess: ({ data }) => {
				dispatch({ type: "saveSucceeded", settings: data });
				createNotice("success", __("Settings saved.", "paydesk"));
			},
			onError: (error) => {
				const text = saveErrorText(error);
				dispatch({ type: "saveFailed", error: text });
				createNotice("error", text);
			},
		});
	};

	return {
		server: query.data,
		draft: state.settings,
		edit: (patch) => dispatch({ type: "edited", patch }),
		toggleMethod: (id, enabled) => dispatch({ type: "methodToggled", id, enabled }),
		errors,
		dirty: state.dirty,
		saving: state.saving,
		isLoading: query.isPending,
		loadFailed: query.isError,
		save,
	};
}
