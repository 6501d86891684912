/**
 * The store's currency, as WooCommerce's select lists it: "United States (US) dollar ($) — USD".
 * In another language the name is the runtime's own ("dollar des États-Unis"), in its order.
 */
import { STORE_CURRENCIES } from "@paydesk/contract/store-settings";
import { currencyInfo } from "@paydesk/domain/currencies";
import { useMemo } from "react";
import { getSettings } from "../../app/settings.ts";
import { type FieldProps, SelectField } from "./setting-fields.tsx";

function currencyName(code: string, names: Intl.DisplayNames | null): string {
	try {
		return names?.of(code) ?? currencyInfo(code).name;
	} catch {
		return currencyInfo(code).name;
	}
}

export function CurrencyField(props: FieldProps) {
	const { language, code: locale } = getSettings().locale;
	const choices = useMemo(() => {
		let names: Intl.DisplayNames | null = null;
		if (language !== "en") {
			try {
				names = new Intl.DisplayNames([locale.replace("_", "-")], { type: "currency" });
			} catch {
				names = null;
			}
		}
		const collator = new Intl.Collator(locale.replace("_", "-"));
		return STORE_CURRENCIES.map((code) => {
			const name = currencyName(code, names);
			return { value: code, label: `${name} (${currencyInfo(code).symbol}) — ${code}`, name };
		})
			.sort((a, b) => collator.compare(a.name, b.name))
			.map(({ value, label }) => ({ value, label }));
	}, [language, locale]);
	return <SelectField {...props} choices={choices} />;
}
