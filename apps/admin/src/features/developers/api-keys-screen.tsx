/**
 * /payments/developers: the account's keys for Stripe's API (/v1). Everyone who manages the
 * store reads them; administrators create (a secret key with its publishable key, or a
 * restricted key), roll and delete them. A new secret or restricted key is shown once, in the
 * dialog that made it.
 */
import "./developers.css";
import type { ApiKey } from "@paydesk/contract/developers";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { userCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { useConfirm } from "../../components/confirm-dialog/use-confirm.tsx";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { useApiKeys, useDeleteApiKey } from "../../data/api-keys.ts";
import { keyKindLabel, maskedKey } from "./api-key-columns.tsx";
import { CreateKeyDialog, RollKeyDialog } from "./api-key-dialogs.tsx";
import { CreateRestrictedKeyDialog } from "./api-key-restricted-dialog.tsx";
import { ApiKeysTable } from "./api-keys-table.tsx";

type OpenDialog = { kind: "create" } | { kind: "create-restricted" } | { kind: "roll"; key: ApiKey } | null;

export default function ApiKeysScreen() {
	const keys = useApiKeys();
	const remove = useDeleteApiKey();
	const { confirm, dialog: confirmDialog } = useConfirm();
	const [open, setOpen] = useState<OpenDialog>(null);
	const close = () => setOpen(null);

	const askDelete = async (key: ApiKey) => {
		const confirmed = await confirm({
			title: __("Delete key?", "paydesk"),
			children: sprintf(
				/* translators: %1$s: Secret, Publishable or Restricted, %2$s: the key as shown, %3$s: the name of its pair */
				__(
					"%1$s key %2$s of “%3$s” stops working at once: every request that uses it is refused. This cannot be undone.",
					"paydesk",
				),
				keyKindLabel(key),
				key.publishable_key ?? maskedKey(key),
				key.name,
			),
			confirmLabel: __("Delete key", "paydesk"),
			isDestructive: true,
		});
		if (confirmed) remove.mutate(key.id);
	};

	const canChange = userCan(getSettings(), "manage_options");
	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="keys" />
			<p className="paydesk-developers__intro">
				{__(
					"Your store’s code calls Stripe’s API with these keys. Keep secret keys on your server; publishable keys may appear in your pages.",
					"paydesk",
				)}
			</p>
			<ApiKeysTable
				keys={keys}
				actions={canChange ? { onRoll: (key) => setOpen({ kind: "roll", key }), onDelete: askDelete } : null}
				onCreate={() => setOpen({ kind: "create" })}
				onCreateRestricted={() => setOpen({ kind: "create-restricted" })}
			/>
			{open?.kind === "create" && <CreateKeyDialog onClose={close} />}
			{open?.kind === "create-restricted" && <CreateRestrictedKeyDialog onClose={close} />}
			{open?.kind === "roll" && <RollKeyDialog apiKey={open.key} onClose={close} />}
			{confirmDialog}
		</div>
	);
}
