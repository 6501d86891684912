/**
 * The store's general settings (GET /wc/v3/settings/general) as a draft, whose changed settings
 * "Save changes" sends in one batch. When every one is saved the page reloads and says "Your
 * settings have been saved." (page settings such as the store's country and currency come from
 * them, see saved-reload.ts); a refused setting keeps its draft with the server's reason next to
 * it and in an error notice, while the others are saved.
 */
import type { ResponseOf } from "@paydesk/contract/route";
import type {
	BatchItemError,
	batchUpdateGeneralSettings,
	GeneralSettingId,
	SettingValue,
	StoreSetting,
} from "@paydesk/contract/store-settings";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import type { FieldErrors } from "../../components/wp-options-form/field-errors.ts";
import { refusalText } from "../../components/wp-options-form/field-errors.ts";
import { reloadWithFlag } from "../../components/wp-options-form/saved-reload.ts";
import {
	isRefused,
	useSaveStoreGeneralSettings,
	useStoreGeneralSettings,
} from "../../data/store-settings.ts";
import { settingLabels } from "./setting-texts.ts";

export type StoreValues = Partial<Record<GeneralSettingId, SettingValue>>;

/** The flag the page reloads with after a save. */
export const SAVED_FLAG = "settings-updated";

export interface StoreSettingsForm {
	draft: StoreValues | null;
	edit: (id: GeneralSettingId, value: SettingValue) => void;
	errors: FieldErrors<GeneralSettingId>;
	loadFailed: boolean;
	dirty: boolean;
	saving: boolean;
	/** How many saves were refused: a new refusal is when to move focus to the first refused field. */
	refusals: number;
	save: () => void;
}

/** The reason a setting was refused, led by its label instead of its option name. */
function reasonOf(item: BatchItemError, labels: Record<GeneralSettingId, string>): string {
	const params = item.error.data.params;
	const problem =
		params && typeof params === "object" ? (params as Record<string, unknown>)[item.id] : undefined;
	const label = labels[item.id as GeneralSettingId];
	if (typeof problem === "string" && label && problem.startsWith(`${item.id} `))
		return `${label} ${problem.slice(item.id.length + 1)}`;
	return typeof problem === "string" ? problem : item.error.message;
}

const valuesOf = (settings: readonly StoreSetting[]): StoreValues =>
	Object.fromEntries(settings.map((setting) => [setting.id, setting.value]));

export function useStoreSettingsForm(): StoreSettingsForm {
	const query = useStoreGeneralSettings();
	const [edits, setEdits] = useState<StoreValues>({});
	const [errors, setErrors] = useState<FieldErrors<GeneralSettingId>>({});
	const [refusals, setRefusals] = useState(0);
	const [reloading, setReloading] = useState(false);

	const refused = (text: string) => {
		setRefusals((count) => count + 1);
		createNotice("error", text, { id: "store-settings-save" });
	};
	const mutation = useSaveStoreGeneralSettings();
	const answered = ({ update }: ResponseOf<typeof batchUpdateGeneralSettings>) => {
		const saved = update.filter((item): item is StoreSetting => !isRefused(item));
		const failures = update.filter(isRefused);
		if (failures.length === 0) {
			setReloading(true);
			reloadWithFlag(SAVED_FLAG, "true");
			return;
		}
		// What was saved is no longer an edit; what was refused stays, with its reason.
		setEdits((current) =>
			Object.fromEntries(Object.entries(current).filter(([id]) => !saved.some((item) => item.id === id))),
		);
		const labels = settingLabels();
		const reasons = Object.fromEntries(failures.map((item) => [item.id, reasonOf(item, labels)]));
		setErrors(reasons);
		refused(`${__("Error saving settings.", "paydesk")} ${Object.values(reasons).join(" ")}`);
	};

	const loaded = query.data ? valuesOf(query.data) : null;
	const changed = (Object.entries(edits) as [GeneralSettingId, SettingValue][]).filter(
		([id, value]) => JSON.stringify(value) !== JSON.stringify(loaded?.[id]),
	);
	return {
		draft: loaded ? { ...loaded, ...edits } : null,
		edit: (id, value) => {
			setEdits((current) => ({ ...current, [id]: value }));
			// A changed field's old refusal no longer applies.
			setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== id)));
		},
		errors,
		loadFailed: query.isError,
		dirty: changed.length > 0,
		// Still busy while the page reloads after a save.
		saving: mutation.isPending || reloading,
		refusals,
		save: () => {
			if (!loaded) return;
			if (changed.length === 0) {
				createNotice("success", __("Your settings have been saved.", "paydesk"), {
					id: `saved-${SAVED_FLAG}`,
				});
				return;
			}
			mutation.mutate(
				{ update: changed.map(([id, value]) => ({ id, value })) },
				{
					onSuccess: answered,
					onError: (error) =>
						refused(refusalText(__("Error saving settings.", "paydesk"), error, settingLabels())),
				},
			);
		},
	};
}
