/** One currency's settings: automatic or manual rate, price rounding and charm pricing. */
import {
	type Currency,
	type CurrencySettings,
	PRICE_CHARMS,
	PRICE_ROUNDINGS,
} from "@paydesk/contract/multi-currency";
import { Button, Modal, RadioControl, SelectControl, Spinner, TextControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { useCurrencySettings, useSaveCurrencySettings } from "../../data/multi-currency.ts";

function SettingsForm({
	currency,
	base,
	initial,
	onDone,
}: {
	currency: Currency;
	base: Currency;
	initial: CurrencySettings;
	onDone: () => void;
}) {
	const save = useSaveCurrencySettings(currency.code);
	const [type, setType] = useState(initial.exchange_rate_type);
	const [rate, setRate] = useState(
		initial.manual_rate === null ? String(currency.rate) : String(initial.manual_rate),
	);
	const [rounding, setRounding] = useState(String(initial.price_rounding));
	const [charm, setCharm] = useState(String(initial.price_charm));
	const manualRate = Number(rate);
	const rateValid = type === "automatic" || (Number.isFinite(manualRate) && manualRate > 0);
	return (
		<div className="paydesk-currency-form">
			<RadioControl
				label={__("Exchange rate", "paydesk")}
				selected={type}
				options={[
					{ value: "automatic", label: __("Fetch rates automatically", "paydesk") },
					{ value: "manual", label: __("Manual", "paydesk") },
				]}
				onChange={(value) => setType(value === "manual" ? "manual" : "automatic")}
			/>
			{type === "manual" && (
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={sprintf(__("Units of %1$s per 1 %2$s", "paydesk"), currency.code, base.code)}
					value={rate}
					onChange={setRate}
					help={rateValid ? undefined : __("Enter a rate greater than 0.", "paydesk")}
				/>
			)}
			<SelectControl
				__nextHasNoMarginBottom
				label={__("Price rounding", "paydesk")}
				value={rounding}
				options={PRICE_ROUNDINGS.map((value) => ({
					value: String(value),
					label: value === 0 ? __("None", "paydesk") : value.toFixed(2),
				}))}
				onChange={setRounding}
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={__("Charm pricing", "paydesk")}
				value={charm}
				options={PRICE_CHARMS.map((value) => ({
					value: String(value),
					label: value === 0 ? __("None", "paydesk") : value.toFixed(2),
				}))}
				onChange={setCharm}
			/>
			<div className="paydesk-modal-actions">
				<Button variant="secondary" onClick={onDone}>
					{__("Cancel", "paydesk")}
				</Button>
				<Button
					variant="primary"
					isBusy={save.isPending}
					disabled={!rateValid || save.isPending}
					accessibleWhenDisabled
					onClick={() =>
						save.mutate(
							{
								exchange_rate_type: type,
								manual_rate: type === "manual" ? manualRate : null,
								price_rounding: Number(rounding),
								price_charm: Number(charm),
							},
							{ onSuccess: onDone },
						)
					}
				>
					{__("Save Changes", "paydesk")}
				</Button>
			</div>
		</div>
	);
}

export function CurrencySettingsModal({
	currency,
	base,
	onRequestClose,
}: {
	currency: Currency;
	base: Currency;
	onRequestClose: () => void;
}) {
	const settings = useCurrencySettings(currency.code);
	return (
		<Modal title={sprintf(__("Edit %s", "paydesk"), currency.name)} onRequestClose={onRequestClose}>
			{settings.data ? (
				<SettingsForm currency={currency} base={base} initial={settings.data} onDone={onRequestClose} />
			) : (
				<Spinner />
			)}
		</Modal>
	);
}
