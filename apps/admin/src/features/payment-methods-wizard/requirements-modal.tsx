/** Asks before requesting a method that needs more information from the merchant (spec 3 §4.3). */
import { requirementLabel } from "@paydesk/domain/payment-method-enablement";
import { __, sprintf } from "@wordpress/i18n";
import { ConfirmDialog } from "../../components/confirm-dialog/confirm-dialog.tsx";
import { translator } from "../../components/translator.ts";

export function RequirementsModal({
	label,
	requirements,
	onConfirm,
	onCancel,
}: {
	label: string;
	requirements: readonly string[];
	onConfirm: () => void;
	onCancel: () => void;
}) {
	return (
		<ConfirmDialog
			title={sprintf(__("One more step to enable %s", "paydesk"), label)}
			confirmLabel={__("Continue", "paydesk")}
			onConfirm={onConfirm}
			onCancel={onCancel}
		>
			<p>
				{sprintf(
					__(
						"To use %s, the payments provider needs the following information about your business:",
						"paydesk",
					),
					label,
				)}
			</p>
			<ul className="paydesk-requirements">
				{requirements.map((requirement) => (
					<li key={requirement}>{requirementLabel(requirement, translator)}</li>
				))}
			</ul>
			<p>{__("You will be asked for it once the method is requested.", "paydesk")}</p>
		</ConfirmDialog>
	);
}
