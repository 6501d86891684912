/**
 * A refused two-factor or password action as the Profile shows it: the field's message next to
 * the field (fieldErrorsOf), and what failed in an error notice.
 */
import { createNotice } from "../../app/notices.tsx";
import { fieldErrorsOf, refusalText } from "../../components/wp-options-form/field-errors.ts";

export function showRefusal<F extends string>(
	base: string,
	error: Error,
	labels: Readonly<Record<F, string>>,
	noticeId: string,
): Partial<Record<F, string>> {
	createNotice("error", refusalText(base, error, labels), { id: noticeId });
	return fieldErrorsOf(error, labels);
}
