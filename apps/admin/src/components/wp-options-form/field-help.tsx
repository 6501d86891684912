/**
 * A control's help text with the field's refusal before it. The controls point their
 * aria-describedby at their help, so a screen reader reads the refusal with the field.
 */
import type { ReactNode } from "react";

export function fieldHelp(error: string | undefined, help?: ReactNode): ReactNode {
	if (!error) return help;
	return (
		<>
			<span className="paydesk-options-form__error">{error}</span>
			{help}
		</>
	);
}
