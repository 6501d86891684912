/**
 * What an administrator can do with an endpoint: edit it, disable or enable it, delete it (after
 * a confirmation; then back to the list), reveal its signing secret (hidden again on demand),
 * roll the secret, and send its failed deliveries again. A shop manager sees none of it.
 */
import type { WebhookEndpoint } from "@paydesk/contract/developers";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { ADMIN_PATHS } from "../../app/paths.ts";
import { adminUrl, navigate } from "../../app/router.tsx";
import { useConfirm } from "../../components/confirm-dialog/use-confirm.tsx";
import { CopyValue } from "../../components/copy-value/copy-value.tsx";
import {
	useDeleteWebhookEndpoint,
	useRevealWebhookSecret,
	useUpdateWebhookEndpoint,
} from "../../data/webhooks.ts";
import { EndpointFormModal } from "./endpoint-form-modal.tsx";
import { ResendFailedModal } from "./resend-failed-modal.tsx";
import { RollSecretModal } from "./roll-secret-modal.tsx";

type Dialog = "edit" | "roll" | "resend" | null;

export function EndpointActions({ endpoint }: { endpoint: WebhookEndpoint }) {
	const update = useUpdateWebhookEndpoint(endpoint.id);
	const remove = useDeleteWebhookEndpoint(endpoint.id);
	const reveal = useRevealWebhookSecret(endpoint.id);
	const { confirm, dialog: confirmDialog } = useConfirm();
	const [dialog, setDialog] = useState<Dialog>(null);
	const enabled = endpoint.status === "enabled";

	const deleteEndpoint = async () => {
		const confirmed = await confirm({
			title: __("Delete this endpoint?", "paydesk"),
			children: __(
				"Paydesk stops sending events to it at once, and its deliveries are deleted with it. This cannot be undone.",
				"paydesk",
			),
			confirmLabel: __("Delete endpoint", "paydesk"),
			isDestructive: true,
		});
		if (!confirmed) return;
		remove.mutate(undefined, {
			onSuccess: () => navigate(adminUrl(ADMIN_PATHS.webhookEndpoints), { replace: true }),
		});
	};

	return (
		<>
			<div className="paydesk-developers__endpoint-actions">
				<Button variant="secondary" onClick={() => setDialog("edit")}>
					{__("Edit", "paydesk")}
				</Button>
				<Button
					variant="secondary"
					isBusy={update.isPending}
					disabled={update.isPending}
					accessibleWhenDisabled
					onClick={() =>
						update.mutate({ disabled: enabled }, { onError: (error) => createNotice("error", error.message) })
					}
				>
					{enabled ? __("Disable", "paydesk") : __("Enable", "paydesk")}
				</Button>
				{reveal.data ? (
					<Button variant="secondary" onClick={() => reveal.reset()}>
						{__("Hide secret", "paydesk")}
					</Button>
				) : (
					<Button
						variant="secondary"
						isBusy={reveal.isPending}
						disabled={reveal.isPending}
						accessibleWhenDisabled
						onClick={() => reveal.mutate()}
					>
						{__("Reveal secret", "paydesk")}
					</Button>
				)}
				<Button
					variant="secondary"
					onClick={() => {
						// The secret on screen is about to be replaced.
						reveal.reset();
						setDialog("roll");
					}}
				>
					{__("Roll secret", "paydesk")}
				</Button>
				<Button variant="secondary" onClick={() => setDialog("resend")}>
					{__("Resend failed", "paydesk")}
				</Button>
				<Button
					variant="secondary"
					isDestructive
					isBusy={remove.isPending}
					disabled={remove.isPending}
					accessibleWhenDisabled
					onClick={deleteEndpoint}
				>
					{__("Delete", "paydesk")}
				</Button>
			</div>
			{reveal.data && <CopyValue value={reveal.data.secret} label={__("Signing secret", "paydesk")} />}
			{dialog === "edit" && (
				<EndpointFormModal
					endpoint={endpoint}
					onClose={() => setDialog(null)}
					onSubmit={async (body) => {
						await update.mutateAsync(body);
						setDialog(null);
					}}
				/>
			)}
			{dialog === "roll" && <RollSecretModal endpointId={endpoint.id} onClose={() => setDialog(null)} />}
			{dialog === "resend" && <ResendFailedModal endpoint={endpoint} onClose={() => setDialog(null)} />}
			{confirmDialog}
		</>
	);
}
