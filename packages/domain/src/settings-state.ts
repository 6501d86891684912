/**
 * The settings state of spec 2 §4 'Settings state': any edit marks the settings dirty and clears
 * the saving error; a successful load resets dirty; saving sets saving on; a save that ends well
 * clears dirty, one that fails keeps it. Toggling a payment method adds or removes its id in the
 * enabled list. Pure, so the settings page, the fraud page and the wizard share one behaviour.
 */
import { toggleMethodId } from "./payment-method-enablement.ts";

export interface EditableSettings {
	enabled_payment_method_ids: string[];
}

export interface SettingsState<S extends EditableSettings> {
	/** The draft the merchant edits; null until the first load. */
	settings: S | null;
	dirty: boolean;
	saving: boolean;
	savingError: string | null;
}

export type SettingsAction<S extends EditableSettings> =
	| { type: "loaded"; settings: S }
	| { type: "edited"; patch: Partial<S> }
	| { type: "methodToggled"; id: string; enabled: boolean }
	| { type: "saveStarted" }
	| { type: "saveSucceeded"; settings?: S }
	| { type: "saveFailed"; error: string };

export function initialSettingsState<S extends EditableSettings>(): SettingsState<S> {
	return { settings: null, dirty: false, saving: false, savingError: null };
}

export function settingsReducer<S extends EditableSettings>(
	state: SettingsState<S>,
	action: SettingsAction<S>,
): SettingsState<S> {
	switch (action.type) {
		case "loaded":
			return { ...state, settings: action.settings, dirty: false };
		case "edited":
			if (!state.settings) return state;
			return { ...state, settings: { ...state.settings, ...action.patch }, dirty: true, savingError: null };
		case "methodToggled": {
			if (!state.settings) return state;
			const ids = toggleMethodId(state.settings.enabled_payment_method_ids, action.id, action.enabled);
			return {
				...state,
				settings: { ...state.settings, enabled_payment_method_ids: ids },
				dirty: true,
				savingError: null,
			};
		}
		case "saveStarted":
			return { ...state, saving: true };
		case "saveSucceeded":
			return { ...state, saving: false, dirty: false, settings: action.settings ?? state.settings };
		case "saveFailed":
			return { ...state, saving: false, dirty: true, savingError: action.error };
	}
}
