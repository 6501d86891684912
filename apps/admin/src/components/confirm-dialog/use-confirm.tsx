/**
 * A confirmation asked from inside a handler, as window.confirm was, without blocking the page:
 * `if (!(await confirm({ … }))) return;`. The hook's `dialog` must be rendered by the caller;
 * it shows while a question waits. Leaving the screen with a question open answers it "no".
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog.tsx";

export type ConfirmQuestion = Omit<ConfirmDialogProps, "onConfirm" | "onCancel" | "isBusy">;

export function useConfirm(): {
	confirm: (question: ConfirmQuestion) => Promise<boolean>;
	dialog: ReactNode;
} {
	const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
	const answer = useRef<((confirmed: boolean) => void) | null>(null);

	const settle = (confirmed: boolean) => {
		answer.current?.(confirmed);
		answer.current = null;
		setQuestion(null);
	};

	useEffect(
		() => () => {
			answer.current?.(false);
			answer.current = null;
		},
		[],
	);

	const confirm = (next: ConfirmQuestion) =>
		new Promise<boolean>((resolve) => {
			// A second question replaces an unanswered first one, which counts as declined.
			answer.current?.(false);
			answer.current = resolve;
			setQuestion(next);
		});

	const dialog = question && (
		<ConfirmDialog {...question} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
	);
	return { confirm, dialog };
}
