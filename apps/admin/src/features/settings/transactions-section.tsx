/**
 * Capture, saved cards, the statement descriptor (kanji and kana for Japanese accounts) and the
 * support contact customers see on their statements and receipts.
 */
import { CheckboxControl, TextControl } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import type { SectionProps } from "./section-props.ts";
import { FieldError, SettingsSection } from "./settings-section.tsx";
import type { FieldIssue } from "./use-settings-draft.ts";

function TextField({
	label,
	value,
	error,
	help,
	type = "text",
	onChange,
}: {
	label: string;
	value: string;
	error: FieldIssue | undefined;
	help?: string;
	type?: "text" | "email" | "tel";
	onChange: (value: string) => void;
}) {
	return (
		<div className="paydesk-settings-field">
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={label}
				type={type}
				value={value}
				help={help}
				aria-invalid={error ? true : undefined}
				onChange={onChange}
			/>
			<FieldError label={label} error={error} />
		</div>
	);
}

export function TransactionsSection({ draft, edit, errors }: SectionProps) {
	const japanese = getSettings().accountStatus?.country === "JP";
	const descriptor = draft.account_statement_descriptor;
	return (
		<SettingsSection
			id="transactions"
			title={__("Transactions", "paydesk")}
			description={__("How payments are taken and how they appear to customers.", "paydesk")}
		>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Issue an authorization on checkout, and capture later", "paydesk")}
				help={__(
					"The payment must be captured within 7 days of authorization, otherwise the authorization and the order are canceled.",
					"paydesk",
				)}
				checked={draft.is_manual_capture_enabled}
				onChange={(is_manual_capture_enabled) => edit({ is_manual_capture_enabled })}
			/>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Enable payments via saved cards", "paydesk")}
				help={__("Customers can save their card details for future purchases.", "paydesk")}
				checked={draft.is_saved_cards_enabled}
				onChange={(is_saved_cards_enabled) => edit({ is_saved_cards_enabled })}
			/>
			<TextField
				label={__("Customer bank statement", "paydesk")}
				value={descriptor}
				error={errors.account_statement_descriptor}
				help={sprintf(
					/* translators: %d: how many characters the statement descriptor has so far */
					_n(
						"%d of 22 characters. Latin letters, digits and spaces; not < > \\ ' \" *.",
						"%d of 22 characters. Latin letters, digits and spaces; not < > \\ ' \" *.",
						descriptor.length,
						"paydesk",
					),
					descriptor.length,
				)}
				onChange={(account_statement_descriptor) => edit({ account_statement_descriptor })}
			/>
			{japanese && (
				<>
					<TextField
						label={__("Bank statement in kanji", "paydesk")}
						value={draft.account_statement_descriptor_kanji}
						error={errors.account_statement_descriptor_kanji}
						onChange={(account_statement_descriptor_kanji) => edit({ account_statement_descriptor_kanji })}
					/>
					<TextField
						label={__("Bank statement in kana", "paydesk")}
						value={draft.account_statement_descriptor_kana}
						error={errors.account_statement_descriptor_kana}
						onChange={(account_statement_descriptor_kana) => edit({ account_statement_descriptor_kana })}
					/>
				</>
			)}
			<TextField
				label={__("Support email", "paydesk")}
				type="email"
				value={draft.account_business_support_email}
				error={errors.account_business_support_email}
				help={__("Shown on receipts, so customers can reach you about a payment.", "paydesk")}
				onChange={(account_business_support_email) => edit({ account_business_support_email })}
			/>
			<TextField
				label={__("Support phone number", "paydesk")}
				type="tel"
				value={draft.account_business_support_phone}
				error={errors.account_business_support_phone}
				onChange={(account_business_support_phone) => edit({ account_business_support_phone })}
			/>
		</SettingsSection>
	);
}
