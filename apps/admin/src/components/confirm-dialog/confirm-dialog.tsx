/**
 * The one way the admin asks "are you sure?": a title, what will happen, a Cancel and a
 * confirming button. It stands on the deferred Modal (app/deferred-modal.tsx): focus moves to
 * the dialog itself when it opens (its title and message are read out, and a stray Enter
 * confirms nothing) and returns to what opened it when it closes; Escape and the close button
 * cancel.
 *
 * While the action runs (an `isBusy` the caller holds, or the promise `onConfirm` returns) the
 * confirming button spins and both buttons wait, and the dialog cannot be dismissed: a payout or
 * a refund half sent is not something to walk away from.
 */
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type ReactNode, useId, useState } from "react";
import { Modal } from "../../app/deferred-modal.tsx";

export interface ConfirmDialogProps {
	title: string;
	/** What confirming does: a sentence, or paragraphs and lists. */
	children?: ReactNode;
	confirmLabel: string;
	/** "Cancel" unless the question calls for other words ("Not now"). */
	cancelLabel?: string;
	/** The confirming button is drawn as destructive (a reset, a removal). */
	isDestructive?: boolean;
	/** The action is running, as its caller tracks it (a mutation's isPending). */
	isBusy?: boolean;
	/** A promise it returns keeps the dialog busy until it settles; closing then is the caller's part. */
	onConfirm: () => unknown;
	onCancel: () => void;
	size?: "small" | "medium" | "large";
	className?: string;
}

export function ConfirmDialog({
	title,
	children,
	confirmLabel,
	cancelLabel,
	isDestructive = false,
	isBusy = false,
	onConfirm,
	onCancel,
	size,
	className,
}: ConfirmDialogProps) {
	const [running, setRunning] = useState(false);
	const busy = isBusy || running;
	const messageId = useId();

	const confirm = () => {
		if (busy) return;
		const result = onConfirm();
		if (!(result instanceof Promise)) return;
		setRunning(true);
		// The dialog may be gone by then (the caller closed it); React ignores that update.
		result.then(
			() => setRunning(false),
			() => setRunning(false),
		);
	};

	return (
		<Modal
			title={title}
			onRequestClose={() => !busy && onCancel()}
			isDismissible={!busy}
			aria={{ describedby: children === undefined ? undefined : messageId }}
			size={size}
			className={className}
		>
			{children !== undefined && (
				<div id={messageId} className="paydesk-confirm-dialog__message">
					{typeof children === "string" ? <p>{children}</p> : children}
				</div>
			)}
			<div className="paydesk-modal-actions">
				<Button variant="tertiary" onClick={onCancel} disabled={busy} accessibleWhenDisabled>
					{cancelLabel ?? __("Cancel", "paydesk")}
				</Button>
				<Button
					variant="primary"
					isDestructive={isDestructive}
					isBusy={busy}
					disabled={busy}
					accessibleWhenDisabled
					onClick={confirm}
				>
					{confirmLabel}
				</Button>
			</div>
		</Modal>
	);
}
