/** One evidence field by its type: text, textarea (20000 characters), date or file (spec 3 §3.5). */
import type { EvidenceField as Field } from "@paydesk/domain/disputes/evidence-sections";
import { TextareaControl, TextControl } from "@wordpress/components";
import { FileField } from "./file-field.tsx";
import type { EvidenceForm } from "./use-evidence-form.ts";

export function EvidenceField({
	field,
	form,
	readOnly,
}: {
	field: Field;
	form: EvidenceForm;
	readOnly: boolean;
}) {
	if (field.type === "file") return <FileField field={field} form={form} readOnly={readOnly} />;
	const common = {
		__nextHasNoMarginBottom: true,
		label: field.label,
		help: field.description,
		value: form.state.evidence[field.key] ?? "",
		onChange: (value: string) => form.setText(field.key, value),
		disabled: readOnly,
		// No maxLength attribute: a browser cuts a long paste at it without a word, where the form
		// refuses the input whole and says so (spec 3 §5.1).
	};
	if (field.type === "textarea") return <TextareaControl {...common} rows={4} />;
	return <TextControl {...common} __next40pxDefaultSize type={field.type === "date" ? "date" : "text"} />;
}
