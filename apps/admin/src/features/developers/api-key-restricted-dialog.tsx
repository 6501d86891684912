/**
 * "Create restricted key": a name and, per resource of the API, None, Read or Write (Write only
 * where the API writes that resource; Write lets the key read it too). Every resource starts at
 * None, and the key can be made once one is given access. The new key is then shown once, as a
 * secret key is.
 */
import {
	type ApiKeyPermissions,
	type KeyAccess,
	RESTRICTED_KEY_RESOURCE_NAMES,
	type RestrictedKeyResource,
} from "@paydesk/contract/developers";
import { SelectControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { accessChoices, accessLabel, resourceLabel } from "../../components/stripe-permissions.ts";
import { useCreateApiKey } from "../../data/api-keys.ts";
import { KeyDialog, KeyNameField } from "./api-key-dialogs.tsx";

function PermissionSelect({
	resource,
	value,
	onChange,
}: {
	resource: RestrictedKeyResource;
	value: "none" | KeyAccess;
	onChange: (access: "none" | KeyAccess) => void;
}) {
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={resourceLabel(resource)}
			labelPosition="side"
			value={value}
			options={accessChoices(resource).map((access) => ({ value: access, label: accessLabel(access) }))}
			onChange={(next: string) => onChange(next as "none" | KeyAccess)}
		/>
	);
}

export function CreateRestrictedKeyDialog({ onClose }: { onClose: () => void }) {
	const create = useCreateApiKey();
	const [name, setName] = useState("");
	const [permissions, setPermissions] = useState<ApiKeyPermissions>({});
	const granted = Object.keys(permissions).length > 0;
	const setAccess = (resource: RestrictedKeyResource, access: "none" | KeyAccess) =>
		setPermissions((current) => {
			const { [resource]: _previous, ...others } = current;
			return access === "none" ? others : { ...others, [resource]: access };
		});
	return (
		<KeyDialog
			title={__("Create restricted key", "paydesk")}
			madeTitle={__("Restricted key created", "paydesk")}
			made={create.data}
			busy={create.isPending}
			error={create.error}
			submitLabel={__("Create key", "paydesk")}
			canSubmit={name.trim() !== "" && granted}
			onSubmit={() => create.mutate({ name: name.trim(), permissions })}
			onClose={onClose}
		>
			<p>
				{__(
					"A restricted key reaches only the resources you give it: give each service the least it needs.",
					"paydesk",
				)}
			</p>
			<KeyNameField value={name} onChange={setName} />
			<fieldset className="paydesk-developers__permissions">
				<legend>{__("Permissions", "paydesk")}</legend>
				<p className="paydesk-developers__permissions-help">
					{__("Write lets the key read the resource too.", "paydesk")}
				</p>
				{RESTRICTED_KEY_RESOURCE_NAMES.map((resource) => (
					<PermissionSelect
						key={resource}
						resource={resource}
						value={permissions[resource] ?? "none"}
						onChange={(access) => setAccess(resource, access)}
					/>
				))}
			</fieldset>
			{!granted && (
				<p className="paydesk-developers__warning">
					{__("Give the key Read or Write on at least one resource.", "paydesk")}
				</p>
			)}
		</KeyDialog>
	);
}
