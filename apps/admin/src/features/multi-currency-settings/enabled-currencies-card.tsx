/**
 * The enabled currencies with their exchange rates against the store currency; a currency can be
 * added from the available ones, edited (rate, rounding, charm) or removed. The store currency
 * stays.
 */
import type { CurrenciesResponse, Currency } from "@paydesk/contract/multi-currency";
import { currencyLabel, orderForWizard } from "@paydesk/domain/currencies";
import { Button, Card, CardBody, CardHeader, SelectControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { Chip } from "../../components/chip.tsx";
import { CurrencyName, exchangeRateText } from "../../components/multi-currency/currency-row.tsx";
import { useUpdateEnabledCurrencies } from "../../data/multi-currency.ts";
import { CurrencySettingsModal } from "./currency-settings-modal.tsx";

export function EnabledCurrenciesCard({ currencies }: { currencies: CurrenciesResponse }) {
	const update = useUpdateEnabledCurrencies();
	const [adding, setAdding] = useState("");
	const [editing, setEditing] = useState<Currency | null>(null);
	const enabled = Object.values(currencies.enabled);
	const codes = enabled.map((currency) => currency.code);
	const addable = orderForWizard(Object.values(currencies.available).filter((c) => !codes.includes(c.code)));
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Enabled currencies", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<table className="paydesk-mc-table">
					<thead>
						<tr>
							<th scope="col">{__("Currency", "paydesk")}</th>
							<th scope="col">{__("Exchange rate", "paydesk")}</th>
							<th scope="col">
								<span className="screen-reader-text">{__("Actions", "paydesk")}</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{enabled.map((currency) => (
							<tr key={currency.code} data-currency={currency.code}>
								<td>
									<CurrencyName currency={currency} />
								</td>
								<td>
									{currency.is_default ? (
										<Chip label={__("Store currency", "paydesk")} type="light" />
									) : (
										<>
											{exchangeRateText(currency, currencies.default)}{" "}
											{currency.exchange_rate_type === "manual" && <Chip label={__("Manual", "paydesk")} />}
										</>
									)}
								</td>
								<td className="paydesk-mc-table__actions">
									{!currency.is_default && (
										<>
											<Button variant="tertiary" onClick={() => setEditing(currency)}>
												{__("Edit", "paydesk")}
											</Button>
											<Button
												variant="tertiary"
												isDestructive
												disabled={update.isPending}
												label={sprintf(__("Remove %s", "paydesk"), currency.code)}
												onClick={() => update.mutate(codes.filter((code) => code !== currency.code))}
											>
												{__("Remove", "paydesk")}
											</Button>
										</>
									)}
								</td>
							</tr>
						))}
					</tbody>
				</table>
				<div className="paydesk-mc-add">
					<SelectControl
						__nextHasNoMarginBottom
						label={__("Add a currency", "paydesk")}
						value={adding}
						options={[
							{ value: "", label: __("Choose a currency…", "paydesk") },
							...addable.map((c) => ({ value: c.code, label: currencyLabel(c) })),
						]}
						onChange={setAdding}
					/>
					<Button
						variant="secondary"
						disabled={!adding || update.isPending}
						accessibleWhenDisabled
						onClick={() => update.mutate([...codes, adding], { onSuccess: () => setAdding("") })}
					>
						{__("Add", "paydesk")}
					</Button>
				</div>
			</CardBody>
			{editing && (
				<CurrencySettingsModal
					currency={editing}
					base={currencies.default}
					onRequestClose={() => setEditing(null)}
				/>
			)}
		</Card>
	);
}
