import type { PaymentSettings } from "@paydesk/contract/settings";
import type { FieldErrors } from "./use-settings-draft.ts";

/** What every settings section receives: the draft, a way to change it, and field errors. */
export interface SectionProps {
	draft: PaymentSettings;
	edit: (patch: Partial<PaymentSettings>) => void;
	errors: FieldErrors;
}
