/**
 * Express checkouts: the payment request button (Apple Pay, Google Pay) with where it shows
 * and how it looks (border radius default 4, 0 accepted), and the fast-checkout group (woopay_*).
 */
import { BUTTON_SIZES, BUTTON_THEMES, BUTTON_TYPES } from "@paydesk/contract/settings";
import { CheckboxControl, Notice, SelectControl, TextControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { SectionProps } from "./section-props.ts";
import { FieldError, SettingsSection } from "./settings-section.tsx";

const LOCATIONS = [
	{ value: "product", label: () => __("Product page", "paydesk") },
	{ value: "cart", label: () => __("Cart", "paydesk") },
	{ value: "checkout", label: () => __("Checkout", "paydesk") },
] as const;

function Locations({
	legend,
	value,
	onChange,
}: {
	legend: string;
	value: readonly string[];
	onChange: (next: ("product" | "cart" | "checkout")[]) => void;
}) {
	return (
		<fieldset className="paydesk-settings-fieldset">
			<legend>{legend}</legend>
			{LOCATIONS.map((location) => (
				<CheckboxControl
					__nextHasNoMarginBottom
					key={location.value}
					label={location.label()}
					checked={value.includes(location.value)}
					onChange={(on) =>
						onChange(
							LOCATIONS.map((l) => l.value).filter((v) => (v === location.value ? on : value.includes(v))),
						)
					}
				/>
			))}
		</fieldset>
	);
}

const options = (values: readonly string[]) =>
	values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1).replace("-", " ") }));

export function ExpressCheckoutSection({ draft, edit, errors }: SectionProps) {
	const radiusLabel = __("Border radius (px)", "paydesk");
	return (
		<SettingsSection
			id="express-checkouts"
			title={__("Express checkouts", "paydesk")}
			description={__("One-click wallets on the product page, the cart and the checkout.", "paydesk")}
		>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Enable Apple Pay / Google Pay", "paydesk")}
				checked={draft.is_payment_request_enabled}
				onChange={(is_payment_request_enabled) => edit({ is_payment_request_enabled })}
			/>
			{draft.is_payment_request_enabled && (
				<>
					<Locations
						legend={__("Show the button on", "paydesk")}
						value={draft.payment_request_enabled_locations}
						onChange={(payment_request_enabled_locations) => edit({ payment_request_enabled_locations })}
					/>
					<div className="paydesk-settings-row">
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={__("Button type", "paydesk")}
							value={draft.payment_request_button_type}
							options={options(BUTTON_TYPES)}
							onChange={(value) =>
								edit({ payment_request_button_type: value as (typeof BUTTON_TYPES)[number] })
							}
						/>
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={__("Button size", "paydesk")}
							value={draft.payment_request_button_size}
							options={options(BUTTON_SIZES)}
							onChange={(value) =>
								edit({ payment_request_button_size: value as (typeof BUTTON_SIZES)[number] })
							}
						/>
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={__("Button theme", "paydesk")}
							value={draft.payment_request_button_theme}
							options={options(BUTTON_THEMES)}
							onChange={(value) =>
								edit({ payment_request_button_theme: value as (typeof BUTTON_THEMES)[number] })
							}
						/>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={radiusLabel}
							type="number"
							min={0}
							value={String(draft.payment_request_button_border_radius)}
							onChange={(value) =>
								edit({ payment_request_button_border_radius: value === "" ? 0 : Number(value) })
							}
						/>
					</div>
					<FieldError label={radiusLabel} error={errors.payment_request_button_border_radius} />
				</>
			)}
			<hr />
			{draft.show_woopay_incompatibility_notice && (
				<Notice status="warning" isDismissible={false}>
					{__("One of the store's extensions is not compatible with the fast checkout.", "paydesk")}
				</Notice>
			)}
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Enable the fast checkout", "paydesk")}
				help={__("Returning shoppers check out with details saved across stores.", "paydesk")}
				checked={draft.is_woopay_enabled}
				onChange={(is_woopay_enabled) => edit({ is_woopay_enabled })}
			/>
			{draft.is_woopay_enabled && (
				<>
					<CheckboxControl
						__nextHasNoMarginBottom
						label={__("Use the store's theme on the fast checkout", "paydesk")}
						checked={draft.is_woopay_global_theme_support_enabled}
						onChange={(is_woopay_global_theme_support_enabled) =>
							edit({ is_woopay_global_theme_support_enabled })
						}
					/>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={__("Custom message", "paydesk")}
						value={draft.woopay_custom_message}
						onChange={(woopay_custom_message) => edit({ woopay_custom_message })}
					/>
					<FieldError label={__("Custom message", "paydesk")} error={errors.woopay_custom_message} />
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={__("Store logo URL", "paydesk")}
						value={draft.woopay_store_logo}
						onChange={(woopay_store_logo) => edit({ woopay_store_logo })}
					/>
					<Locations
						legend={__("Show the fast checkout on", "paydesk")}
						value={draft.woopay_enabled_locations}
						onChange={(woopay_enabled_locations) => edit({ woopay_enabled_locations })}
					/>
				</>
			)}
		</SettingsSection>
	);
}
