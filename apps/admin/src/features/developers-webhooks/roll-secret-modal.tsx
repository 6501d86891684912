/**
 * Rolling an endpoint's signing secret: the merchant chooses how long the old secret keeps
 * signing beside the new one (so a receiver can switch without refusing events), then sees the
 * new secret once, with its copy button.
 */
import type { rollWebhookSecret } from "@paydesk/contract/developers";
import type { ResponseOf } from "@paydesk/contract/route";
import { Button, RadioControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { Modal } from "../../app/deferred-modal.tsx";
import { formatStoreDateTime } from "../../components/format.ts";
import { useRollWebhookSecret } from "../../data/webhooks.ts";
import { NewSecretModal } from "./new-secret-modal.tsx";

/** How long the old secret may keep signing: at once, an hour, a day (the most allowed). */
const EXPIRIES = [
	{ seconds: 0, label: () => __("Now", "paydesk") },
	{ seconds: 3_600, label: () => __("In 1 hour", "paydesk") },
	{ seconds: 86_400, label: () => __("In 24 hours", "paydesk") },
] as const;

type Rolled = ResponseOf<typeof rollWebhookSecret>;

function previousSecretText(rolled: Rolled): string {
	return rolled.previous_secret_expires_at === null
		? __("The previous secret no longer signs events.", "paydesk")
		: sprintf(
				/* translators: %s: the date and time the previous signing secret stops signing events */
				__("The previous secret also signs events until %s.", "paydesk"),
				formatStoreDateTime(rolled.previous_secret_expires_at),
			);
}

export function RollSecretModal({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
	const roll = useRollWebhookSecret(endpointId);
	const [expiresIn, setExpiresIn] = useState("0");

	if (roll.data) {
		return (
			<NewSecretModal title={__("New signing secret", "paydesk")} secret={roll.data.secret} onClose={onClose}>
				<p>
					{__(
						"Events are now signed with this secret. Copy it now and update your endpoint's code.",
						"paydesk",
					)}{" "}
					{previousSecretText(roll.data)}
				</p>
			</NewSecretModal>
		);
	}
	return (
		<Modal
			title={__("Roll signing secret", "paydesk")}
			onRequestClose={() => !roll.isPending && onClose()}
			isDismissible={!roll.isPending}
			className="paydesk-developers__modal"
		>
			<div className="paydesk-developers__form">
				<p>
					{__(
						"A new secret replaces the current one. Until your endpoint checks signatures with the new secret, keep the current one signing too.",
						"paydesk",
					)}
				</p>
				<RadioControl
					label={__("The current secret stops signing", "paydesk")}
					selected={expiresIn}
					options={EXPIRIES.map((choice) => ({ value: String(choice.seconds), label: choice.label() }))}
					onChange={setExpiresIn}
					disabled={roll.isPending}
				/>
				<div className="paydesk-modal-actions">
					<Button variant="tertiary" onClick={onClose} disabled={roll.isPending} accessibleWhenDisabled>
						{__("Cancel", "paydesk")}
					</Button>
					<Button
						variant="primary"
						isBusy={roll.isPending}
						disabled={roll.isPending}
						accessibleWhenDisabled
						onClick={() => roll.mutate(Number(expiresIn))}
					>
						{__("Roll secret", "paydesk")}
					</Button>
				</div>
			</div>
		</Modal>
	);
}
