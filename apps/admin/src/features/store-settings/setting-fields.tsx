/**
 * One general setting as a field of the form: its WooCommerce label, its help (led by the
 * server's refusal when there is one, which the control's aria-describedby then reads), and the
 * control its type calls for. Each field's id is its option name, as on WooCommerce's page.
 */
import type { GeneralSettingId } from "@paydesk/contract/store-settings";
import { CheckboxControl, SelectControl, TextControl } from "@wordpress/components";
import type { ReactNode } from "react";
import { fieldHelp } from "../../components/wp-options-form/field-help.tsx";
import { CountriesField, CountryStateSelect } from "./country-fields.tsx";
import { settingHelp, settingLabels } from "./setting-texts.ts";
import type { StoreSettingsForm } from "./use-store-settings-form.ts";

export interface FieldProps {
	form: StoreSettingsForm;
	id: GeneralSettingId;
}

function useField({ form, id }: FieldProps) {
	const value = form.draft?.[id];
	const error = form.errors[id];
	return {
		label: settingLabels()[id],
		help: fieldHelp(error, settingHelp()[id]) as ReactNode,
		invalid: error !== undefined,
		text: typeof value === "string" ? value : "",
		list: Array.isArray(value) ? value : [],
		set: (next: string | string[]) => form.edit(id, next),
	};
}

export function TextField(props: FieldProps & { type?: "text" | "number"; narrow?: boolean }) {
	const field = useField(props);
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			id={props.id}
			className={props.narrow ? "paydesk-store-settings__narrow" : undefined}
			type={props.type ?? "text"}
			{...(props.type === "number" ? { min: 0, max: 8, step: 1 } : {})}
			label={field.label}
			value={field.text}
			help={field.help}
			aria-invalid={field.invalid || undefined}
			onChange={field.set}
		/>
	);
}

export function SelectField(props: FieldProps & { choices: { value: string; label: string }[] }) {
	const field = useField(props);
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			id={props.id}
			label={field.label}
			value={field.text}
			options={props.choices}
			help={field.help}
			aria-invalid={field.invalid || undefined}
			onChange={field.set}
		/>
	);
}

/** A yes/no setting: WooCommerce's row title as the legend, its description as the box's label. */
export function CheckboxField(props: FieldProps & { boxLabel: string }) {
	const field = useField(props);
	return (
		<fieldset className="paydesk-options-form__fieldset">
			<legend>{field.label}</legend>
			<CheckboxControl
				__nextHasNoMarginBottom
				id={props.id}
				label={props.boxLabel}
				checked={field.text === "yes"}
				help={field.help}
				onChange={(checked) => field.set(checked ? "yes" : "no")}
			/>
		</fieldset>
	);
}

export function CountryStateField(props: FieldProps) {
	const field = useField(props);
	return (
		<CountryStateSelect
			id={props.id}
			label={field.label}
			value={field.text}
			help={field.help}
			invalid={field.invalid}
			onChange={field.set}
		/>
	);
}

export function CountriesSettingField(props: FieldProps) {
	const field = useField(props);
	return <CountriesField label={field.label} value={field.list} help={field.help} onChange={field.set} />;
}
