import { describe, expect, it } from "vitest";
import { initialSettingsState, type SettingsState, settingsReducer } from "./settings-state.ts";

interface Draft {
	enabled_payment_method_ids: string[];
	account_statement_descriptor: string;
}
const loaded: Draft = { enabled_payment_method_ids: ["card"], account_statement_descriptor: "STORE" };
const start = (): SettingsState<Draft> =>
	settingsReducer(initialSettingsState<Draft>(), { type: "loaded", settings: loaded });

describe("settings state (spec 2 §4 'Settings state')", () => {
	it("a successful load resets dirty", () => {
		const edited = settingsReducer(start(), { type: "edited", patch: { account_statement_descriptor: "X" } });
		expect(settingsReducer(edited, { type: "loaded", settings: loaded }).dirty).toBe(false);
	});

	it("any edit marks the settings dirty and clears the saving error", () => {
		const failed = settingsReducer(start(), { type: "saveFailed", error: "Error saving settings." });
		const edited = settingsReducer(failed, {
			type: "edited",
			patch: { account_statement_descriptor: "NEW" },
		});
		expect(edited).toMatchObject({ dirty: true, savingError: null });
		expect(edited.settings?.account_statement_descriptor).toBe("NEW");
	});

	it("saving sets saving on; success clears dirty, an error keeps it dirty", () => {
		const edited = settingsReducer(start(), {
			type: "edited",
			patch: { account_statement_descriptor: "NEW" },
		});
		const saving = settingsReducer(edited, { type: "saveStarted" });
		expect(saving.saving).toBe(true);
		expect(settingsReducer(saving, { type: "saveSucceeded" })).toMatchObject({ saving: false, dirty: false });
		expect(settingsReducer(saving, { type: "saveFailed", error: "boom" })).toMatchObject({
			saving: false,
			dirty: true,
			savingError: "boom",
		});
	});

	it("toggling a payment method adds or removes its id in the enabled list", () => {
		const on = settingsReducer(start(), { type: "methodToggled", id: "eps", enabled: true });
		expect(on.settings?.enabled_payment_method_ids).toEqual(["card", "eps"]);
		expect(on.dirty).toBe(true);
		const off = settingsReducer(on, { type: "methodToggled", id: "eps", enabled: false });
		expect(off.settings?.enabled_payment_method_ids).toEqual(["card"]);
	});

	it("edits before the first load are ignored", () => {
		const empty = initialSettingsState<Draft>();
		expect(settingsReducer(empty, { type: "edited", patch: {} })).toBe(empty);
	});
});
