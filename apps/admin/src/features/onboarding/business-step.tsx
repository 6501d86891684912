/**
 * The business step (spec 1 §5): country, business type (from the country; company first),
 * structure, goods and services, annual revenue and go-live timeframe, each shown once the
 * fields before it allow. Continue with errors marks every field touched.
 */
import {
	BUSINESS_FIELDS,
	type BusinessData,
	type BusinessField,
	businessStepVisibility,
	businessTypesFor,
	changeBusinessField,
	structuresFor,
	validateBusinessStep,
} from "@paydesk/domain/onboarding";
import { Button, SelectControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { getSettings } from "../../app/settings.ts";
import { ANNUAL_REVENUE_OPTIONS, GO_LIVE_OPTIONS } from "./business-options.ts";
import { GoodsAndServicesSelect } from "./goods-and-services-select.tsx";

type Touched = Partial<Record<BusinessField, boolean>>;

function Field({
	field,
	label,
	value,
	options,
	error,
	help,
	onChange,
}: {
	field: BusinessField;
	label: string;
	value: string;
	options: { value: string; label: string }[];
	error: string | undefined;
	help?: string;
	onChange: (value: string) => void;
}) {
	const id = `paydesk-business-${field.replace(".", "-")}`;
	return (
		<div className={`paydesk-onboarding__field${error ? " has-error" : ""}`}>
			<SelectControl
				id={id}
				label={label}
				value={value}
				options={[{ value: "", label: __("Select an option", "paydesk") }, ...options]}
				onChange={onChange}
				help={help}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				__next40pxDefaultSize
				__nextHasNoMarginBottom
			/>
			{error && (
				<p className="paydesk-onboarding__error" id={`${id}-error`}>
					{error}
				</p>
			)}
		</div>
	);
}

export function BusinessStep({
	initial,
	busy,
	onContinue,
}: {
	initial: BusinessData;
	busy: boolean;
	onContinue: (data: BusinessData) => void;
}) {
	const settings = getSettings();
	const fields = settings.onboardingFieldsData;
	const [data, setData] = useState(initial);
	const [touched, setTouched] = useState<Touched>({});
	const errors = validateBusinessStep(fields, data);
	const visible = businessStepVisibility(fields, data);
	const types = businessTypesFor(fields, data.country);
	const chosenType = types.find((type) => type.key === data.business_type);
	const errorOf = (field: BusinessField) => (touched[field] ? errors[field] : undefined);
	const change = (field: BusinessField) => (value: string) => {
		setData((current) => changeBusinessField(current, field, value));
		setTouched((current) => ({ ...current, [field]: true }));
	};
	const submit = () => {
		if (Object.keys(errors).length > 0) {
			setTouched(Object.fromEntries(BUSINESS_FIELDS.map((field) => [field, true])));
			return;
		}
		onContinue(data);
	};
	const countries = Object.entries(settings.connect.availableCountries)
		.map(([value, label]) => ({ value, label }))
		.sort((a, b) => a.label.localeCompare(b.label));

	return (
		<form
			className="paydesk-onboarding__business"
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				submit();
			}}
		>
			<h2>{__("Tell us about your business", "paydesk")}</h2>
			<p className="paydesk-wizard__lead">
				{__("This helps us set up the right account for you. It takes about a minute.", "paydesk")}
			</p>
			<Field
				field="country"
				label={__("Where is your business based?", "paydesk")}
				value={data.country}
				options={countries}
				error={errorOf("country")}
				onChange={change("country")}
			/>
			<Field
				field="business_type"
				label={__("What kind of business are you?", "paydesk")}
				value={data.business_type}
				options={types.map((type) => ({ value: type.key, label: type.name }))}
				error={errorOf("business_type")}
				help={chosenType?.description}
				onChange={change("business_type")}
			/>
			{visible.structure && (
				<Field
					field="company.structure"
					label={__("How is your business structured?", "paydesk")}
					value={data["company.structure"]}
					options={structuresFor(fields, data).map((structure) => ({
						value: structure.key,
						label: structure.name,
					}))}
					error={errorOf("company.structure")}
					onChange={change("company.structure")}
				/>
			)}
			{visible.mcc && (
				<GoodsAndServicesSelect
					tree={fields.mccs_display_tree}
					value={data.mcc}
					onChange={change("mcc")}
					error={errorOf("mcc")}
				/>
			)}
			{visible.store && (
				<>
					<Field
						field="annual_revenue"
						label={__("What is your estimated annual online revenue?", "paydesk")}
						value={data.annual_revenue}
						options={ANNUAL_REVENUE_OPTIONS()}
						error={errorOf("annual_revenue")}
						onChange={change("annual_revenue")}
					/>
					<Field
						field="go_live_timeframe"
						label={__("When do you plan to start selling online?", "paydesk")}
						value={data.go_live_timeframe}
						options={GO_LIVE_OPTIONS()}
						error={errorOf("go_live_timeframe")}
						onChange={change("go_live_timeframe")}
					/>
					<p className="paydesk-onboarding__terms">
						{sprintf(
							/* translators: %s: product name */
							__(
								"By continuing, you agree to the %s terms of service and to our financial partner verifying your business details.",
								"paydesk",
							),
							settings.productName,
						)}
					</p>
				</>
			)}
			<div className="paydesk-wizard__actions">
				<Button
					variant="primary"
					type="submit"
					isBusy={busy}
					disabled={busy}
					accessibleWhenDisabled
					__next40pxDefaultSize
				>
					{__("Continue", "paydesk")}
				</Button>
			</div>
		</form>
	);
}
