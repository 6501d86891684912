/**
 * Sending again every failed delivery of an endpoint created since a day the merchant picks (in
 * their time zone, as list filters read dates). The day offered first is the one the endpoint
 * began failing, or else the day it was added: both on the account's clock, as deliveries are.
 */
import type { WebhookEndpoint } from "@paydesk/contract/developers";
import { dayInTimeZone, parseFilterDate, zonedToEpoch } from "@paydesk/domain/dates";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type FormEvent, useId, useState } from "react";
import { Modal } from "../../app/deferred-modal.tsx";
import { userTimeZone } from "../../components/list/api-query.ts";
import { useResendFailedDeliveries } from "../../data/webhooks.ts";

export function ResendFailedModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
	const resend = useResendFailedDeliveries(endpoint.id);
	const zone = userTimeZone();
	const [day, setDay] = useState(() => dayInTimeZone(endpoint.failing_since ?? endpoint.created, zone));
	const fieldId = useId();
	const local = parseFilterDate(day);

	const submit = (event: FormEvent) => {
		event.preventDefault();
		if (!local || resend.isPending) return;
		resend.mutate(Math.max(0, zonedToEpoch(local, zone)), { onSuccess: onClose });
	};

	return (
		<Modal
			title={__("Resend failed deliveries", "paydesk")}
			onRequestClose={() => !resend.isPending && onClose()}
			isDismissible={!resend.isPending}
			className="paydesk-developers__modal"
		>
			<form className="paydesk-developers__form" onSubmit={submit}>
				<p>
					{__(
						"Every failed delivery to this endpoint created on or after this day is sent again now.",
						"paydesk",
					)}
				</p>
				<div className="paydesk-developers__form-field">
					<label htmlFor={fieldId}>{__("Failed deliveries since", "paydesk")}</label>
					<input
						id={fieldId}
						type="date"
						value={day}
						required
						onChange={(event) => setDay(event.target.value)}
						disabled={resend.isPending}
					/>
				</div>
				<div className="paydesk-modal-actions">
					<Button variant="tertiary" onClick={onClose} disabled={resend.isPending} accessibleWhenDisabled>
						{__("Cancel", "paydesk")}
					</Button>
					<Button
						variant="primary"
						type="submit"
						isBusy={resend.isPending}
						disabled={resend.isPending || !local}
						accessibleWhenDisabled
					>
						{__("Resend", "paydesk")}
					</Button>
				</div>
			</form>
		</Modal>
	);
}
