/**
 * Step one, add-currencies (spec 3 §4.4, §5.4, §9): the store's currencies to offer, recommended
 * ones first, a search over symbol, code and name, and the add button's label rules. Currencies
 * already enabled start checked; the store currency is always on and not listed.
 */
import type { CurrenciesResponse } from "@paydesk/contract/multi-currency";
import {
	addCurrenciesButton,
	currencyLabel,
	isRecommendedCurrency,
	matchesCurrencySearch,
	orderForWizard,
} from "@paydesk/domain/currencies";
import { Button, Card, CardBody, CheckboxControl, SearchControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { exchangeRateText } from "../../components/multi-currency/currency-row.tsx";

export function AddCurrenciesStep({
	currencies,
	saving,
	onSubmit,
}: {
	currencies: CurrenciesResponse;
	saving: boolean;
	onSubmit: (checked: string[], changed: boolean) => void;
}) {
	const base = currencies.default;
	const enabled = Object.keys(currencies.enabled).filter((code) => code !== base.code);
	const [checked, setChecked] = useState<string[]>(enabled);
	const [search, setSearch] = useState("");
	const listed = orderForWizard(
		Object.values(currencies.available).filter((currency) => !currency.is_default),
	);
	const shown = listed.filter((currency) => matchesCurrencySearch(currency, search));
	const newlySelected = checked.filter((code) => !enabled.includes(code)).length;
	const changed = newlySelected > 0 || enabled.some((code) => !checked.includes(code));
	const button = addCurrenciesButton({
		newlySelected,
		enabledCount: Object.keys(currencies.enabled).length,
		saving,
	});
	return (
		<Card>
			<CardBody>
				<h2 className="paydesk-card-title">{__("Add currencies", "paydesk")}</h2>
				<p className="paydesk-wizard__lead">
					{__(
						"Customers see prices in these currencies and pay in them; conversion uses the exchange rates shown.",
						"paydesk",
					)}
				</p>
				<SearchControl
					__nextHasNoMarginBottom
					label={__("Search currencies", "paydesk")}
					placeholder={__("Search currencies", "paydesk")}
					value={search}
					onChange={setSearch}
				/>
				<ul className="paydesk-currency-list" aria-label={__("Currencies", "paydesk")}>
					{shown.map((currency) => (
						<li key={currency.code}>
							<CheckboxControl
								__nextHasNoMarginBottom
								label={`${currency.flag} ${currencyLabel(currency)}`}
								checked={checked.includes(currency.code)}
								disabled={saving}
								onChange={(on) =>
									setChecked((current) =>
										on ? [...current, currency.code] : current.filter((code) => code !== currency.code),
									)
								}
							/>
							<span className="paydesk-currency-list__meta">
								{isRecommendedCurrency(currency.code) && (
									<span className="paydesk-currency-list__recommended">{__("Recommended", "paydesk")}</span>
								)}
								{exchangeRateText(currency, base)}
							</span>
						</li>
					))}
					{shown.length === 0 && <li>{__("No currencies match your search.", "paydesk")}</li>}
				</ul>
				<div className="paydesk-wizard__actions">
					<Button
						variant="primary"
						isBusy={saving}
						disabled={button.disabled}
						accessibleWhenDisabled
						onClick={() => onSubmit([base.code, ...checked], changed)}
					>
						{button.label}
					</Button>
				</div>
			</CardBody>
		</Card>
	);
}
