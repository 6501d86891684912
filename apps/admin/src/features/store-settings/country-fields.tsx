/**
 * WooCommerce's country fields: the store's "Country / State" select, where a country with
 * states is a group of "Country — State" choices ("US:CA") and any other country a choice of
 * its own ("FR"), and the country lists of the selling and shipping locations, picked as tokens.
 * Country names are in the reader's language; states keep WooCommerce's names.
 */
import { COUNTRY_CODES, COUNTRY_STATES, countryDisplayName } from "@paydesk/domain/countries";
import { FormTokenField, SelectControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type ReactNode, useMemo } from "react";
import { getSettings } from "../../app/settings.ts";

interface Country {
	code: string;
	name: string;
}

/** Every country, named in the page's language and in the order of those names. */
function useCountries(): Country[] {
	const { language, code } = getSettings().locale;
	return useMemo(() => {
		const collator = new Intl.Collator(code.replace("_", "-"));
		return COUNTRY_CODES.map((country) => ({
			code: country,
			name: countryDisplayName(country, language),
		})).sort((a, b) => collator.compare(a.name, b.name));
	}, [language, code]);
}

export function CountryStateSelect(props: {
	id: string;
	label: string;
	value: string;
	help: ReactNode;
	invalid: boolean;
	onChange: (value: string) => void;
}) {
	const countries = useCountries();
	// Some 300 choices: built once, so typing elsewhere in the form does not rebuild them.
	const choices = useMemo(
		() =>
			countries.map(({ code, name }) => {
				const states = COUNTRY_STATES[code];
				if (!states) {
					return (
						<option key={code} value={code}>
							{name}
						</option>
					);
				}
				return (
					<optgroup key={code} label={name}>
						{Object.entries(states).map(([state, stateName]) => (
							<option key={state} value={`${code}:${state}`}>
								{`${name} — ${stateName}`}
							</option>
						))}
					</optgroup>
				);
			}),
		[countries],
	);
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			id={props.id}
			label={props.label}
			value={props.value}
			help={props.help}
			aria-invalid={props.invalid || undefined}
			onChange={props.onChange}
		>
			{choices}
		</SelectControl>
	);
}

export function CountriesField(props: {
	label: string;
	value: readonly string[];
	help: ReactNode;
	onChange: (codes: string[]) => void;
}) {
	const countries = useCountries();
	const byCode = useMemo(
		() => new Map(countries.map((country) => [country.code, country.name])),
		[countries],
	);
	const byName = useMemo(
		() => new Map(countries.map((country) => [country.name, country.code])),
		[countries],
	);
	return (
		<div className="paydesk-store-settings__countries">
			<FormTokenField
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				__experimentalExpandOnFocus
				__experimentalValidateInput={(name) => byName.has(name)}
				label={props.label}
				placeholder={__("Choose countries / regions…", "paydesk")}
				value={props.value.map((code) => byCode.get(code) ?? code)}
				suggestions={countries.map((country) => country.name)}
				maxSuggestions={countries.length}
				messages={{
					added: __("Country added.", "paydesk"),
					removed: __("Country removed.", "paydesk"),
					remove: __("Remove country", "paydesk"),
					__experimentalInvalid: __("Invalid country", "paydesk"),
				}}
				onChange={(tokens) => {
					const codes = tokens
						.map((token) => byName.get(typeof token === "string" ? token : token.value))
						.filter((code): code is string => code !== undefined);
					props.onChange([...new Set(codes)]);
				}}
			/>
			{props.help && <div className="paydesk-options-form__help">{props.help}</div>}
		</div>
	);
}
