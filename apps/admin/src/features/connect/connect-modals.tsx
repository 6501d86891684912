/**
 * The connect page's modals (spec 1 §2.1): identity verification, unsupported country (Continue
 * and Cancel, listing the supported countries), reset account, and activate live payments.
 */
import { Button, Modal } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { ReactNode } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog/confirm-dialog.tsx";

function Actions({ children }: { children: ReactNode }) {
	return <div className="paydesk-connect__modal-actions">{children}</div>;
}

export function IdentityVerificationModal({ onClose }: { onClose: () => void }) {
	return (
		<Modal title={__("Why we verify your identity", "paydesk")} onRequestClose={onClose} size="medium">
			<p>
				{__(
					"Our financial partner must know who it pays out to. Verifying you and your business protects you and your customers from fraud, and is required by financial regulations.",
					"paydesk",
				)}
			</p>
			<p>
				{__(
					"You will be asked for your business's country, type and what you sell, then for personal details such as your name, date of birth, address and, to receive payouts, a bank account.",
					"paydesk",
				)}
			</p>
			<p>
				{__(
					"Your details are sent securely to our financial partner and are only used for verification.",
					"paydesk",
				)}
			</p>
			<Actions>
				<Button variant="primary" onClick={onClose} __next40pxDefaultSize>
					{__("Got it", "paydesk")}
				</Button>
			</Actions>
		</Modal>
	);
}

export function UnsupportedCountryModal({
	countries,
	onContinue,
	onCancel,
}: {
	countries: Readonly<Record<string, string>>;
	onContinue: () => void;
	onCancel: () => void;
}) {
	return (
		<ConfirmDialog
			title={__("Your store's country is not supported", "paydesk")}
			confirmLabel={__("Continue", "paydesk")}
			onConfirm={onContinue}
			onCancel={onCancel}
			size="medium"
		>
			<p>
				{__(
					"Payments are available to businesses in the countries below. If your business is based in one of them, you can continue.",
					"paydesk",
				)}
			</p>
			<ul className="paydesk-connect__countries">
				{Object.entries(countries).map(([code, name]) => (
					<li key={code}>{name}</li>
				))}
			</ul>
		</ConfirmDialog>
	);
}

export function ResetAccountModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
	return (
		<ConfirmDialog
			title={__("Reset account", "paydesk")}
			confirmLabel={__("Reset account", "paydesk")}
			isDestructive
			onConfirm={onConfirm}
			onCancel={onCancel}
			size="medium"
		>
			{__(
				"Resetting disconnects the current payments account from your store so you can start setting up again. This cannot be undone.",
				"paydesk",
			)}
		</ConfirmDialog>
	);
}

export function ActivateLiveModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
	return (
		<ConfirmDialog
			title={__("Activate live payments", "paydesk")}
			confirmLabel={__("Activate payments", "paydesk")}
			onConfirm={onConfirm}
			onCancel={onCancel}
			size="medium"
		>
			{__(
				"To accept real payments, your test account is replaced by a live one. You will verify your business details, and test transactions do not carry over.",
				"paydesk",
			)}
		</ConfirmDialog>
	);
}
