/**
 * A signing secret just made (an endpoint added, a secret rolled), shown with its copy button
 * until the merchant closes the dialog; the endpoint's screen reveals it again to administrators
 * only on demand.
 */
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { ReactNode } from "react";
import { Modal } from "../../app/deferred-modal.tsx";
import { CopyValue } from "../../components/copy-value/copy-value.tsx";

export function NewSecretModal({
	title,
	secret,
	children,
	onClose,
}: {
	title: string;
	secret: string;
	/** What the secret is for, and what happened to the one before it. */
	children: ReactNode;
	onClose: () => void;
}) {
	return (
		<Modal title={title} onRequestClose={onClose} className="paydesk-developers__modal">
			<div className="paydesk-developers__form">
				{children}
				<CopyValue value={secret} label={__("Signing secret", "paydesk")} />
				<div className="paydesk-modal-actions">
					<Button variant="primary" onClick={onClose}>
						{__("Done", "paydesk")}
					</Button>
				</div>
			</div>
		</Modal>
	);
}
