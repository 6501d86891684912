/**
 * The field a code of the authenticator app is typed in (or a recovery code): digits, the
 * phone's one-time-code suggestion, and a refusal read with the field.
 */
import { TextControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { forwardRef } from "react";
import { fieldHelp } from "../../components/wp-options-form/field-help.tsx";

export const authCodeLabel = () => __("Authentication code", "paydesk");

interface AuthCodeFieldProps {
	id: string;
	value: string;
	error: string | undefined;
	help?: string;
	onChange: (value: string) => void;
}

export const AuthCodeField = forwardRef<HTMLInputElement, AuthCodeFieldProps>(function AuthCodeField(
	{ id, value, error, help, onChange },
	ref,
) {
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			ref={ref}
			id={id}
			className="paydesk-two-factor__code"
			label={authCodeLabel()}
			value={value}
			inputMode="numeric"
			autoComplete="one-time-code"
			spellCheck={false}
			placeholder="123 456"
			aria-invalid={error ? true : undefined}
			help={fieldHelp(error, help)}
			onChange={onChange}
		/>
	);
});
