/**
 * The dialogs that make keys: "Create secret key" asks a name, "Create restricted key"
 * (api-key-restricted-dialog.tsx) a name and permissions, "Roll key" when the old keys stop
 * working. Each then shows the new secret or restricted key, once: the dialog holds the answer
 * and nothing else does, so closing it forgets the secret (only its last four characters are
 * kept). A refusal (a name already taken, a key rolled meanwhile) is said in the dialog, in the
 * server's words.
 */
import { type ApiKey, MAX_ROLL_EXPIRY_SECONDS } from "@paydesk/contract/developers";
import { Button, Notice, RadioControl, TextControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { type FormEvent, type ReactNode, useState } from "react";
import { Modal } from "../../app/deferred-modal.tsx";
import { CopyValue } from "../../components/copy-value/copy-value.tsx";
import { fieldErrorsOf } from "../../components/wp-options-form/field-errors.ts";
import { useCreateApiKey, useRollApiKey } from "../../data/api-keys.ts";

/** The longest name a key may have (the route's rule). */
const MAX_NAME_LENGTH = 100;

const HOUR = 3_600;

/** When the old pair stops working after a roll, in seconds from now; the last is the longest allowed. */
const ROLL_EXPIRY_CHOICES: readonly { seconds: number; label: () => string }[] = [
	{ seconds: 0, label: () => __("Now", "paydesk") },
	{ seconds: HOUR, label: () => __("In 1 hour", "paydesk") },
	{ seconds: 24 * HOUR, label: () => __("In 24 hours", "paydesk") },
	{ seconds: 72 * HOUR, label: () => __("In 3 days", "paydesk") },
	{ seconds: MAX_ROLL_EXPIRY_SECONDS, label: () => __("In 7 days", "paydesk") },
];

interface MadeKeys {
	name: string;
	secret: string;
	/** Null beside a restricted key, which is made alone. */
	publishable: string | null;
}

/** What the server said was wrong: the refused field's message, or its message. */
function refusalOf(error: Error): string {
	const fields = Object.values(fieldErrorsOf(error, { name: __("Name", "paydesk") }));
	return fields.length > 0 ? fields.join(" ") : error.message;
}

function NewKeys({ made, onDone }: { made: MadeKeys; onDone: () => void }) {
	const restricted = made.publishable === null;
	return (
		<div className="paydesk-developers__new-keys">
			<p>
				<strong>
					{restricted
						? __("Copy the restricted key now: it will not be shown again.", "paydesk")
						: __("Copy the secret key now: it will not be shown again.", "paydesk")}
				</strong>{" "}
				{__(
					"Keep it on your server, never in your pages. Afterwards only its last four characters are shown.",
					"paydesk",
				)}
			</p>
			{restricted ? (
				<CopyValue
					label={__("Restricted key", "paydesk")}
					value={made.secret}
					copyLabel={__("Copy the restricted key", "paydesk")}
					autoFocus
				/>
			) : (
				<CopyValue
					label={__("Secret key", "paydesk")}
					value={made.secret}
					copyLabel={__("Copy the secret key", "paydesk")}
					autoFocus
				/>
			)}
			{made.publishable !== null && (
				<CopyValue
					label={__("Publishable key", "paydesk")}
					value={made.publishable}
					copyLabel={__("Copy the publishable key", "paydesk")}
				/>
			)}
			<div className="paydesk-modal-actions">
				<Button variant="primary" onClick={onDone}>
					{__("Done", "paydesk")}
				</Button>
			</div>
		</div>
	);
}

/** A dialog asking for a key's making, then showing what was made until it is closed. */
export function KeyDialog({
	title,
	madeTitle,
	made,
	busy,
	error,
	submitLabel,
	canSubmit,
	onSubmit,
	onClose,
	children,
}: {
	title: string;
	madeTitle: string;
	made: MadeKeys | undefined;
	busy: boolean;
	error: Error | null;
	submitLabel: string;
	canSubmit: boolean;
	onSubmit: () => void;
	onClose: () => void;
	children: ReactNode;
}) {
	const submit = (event: FormEvent) => {
		event.preventDefault();
		if (canSubmit && !busy) onSubmit();
	};
	return (
		<Modal
			title={made ? madeTitle : title}
			onRequestClose={() => !busy && onClose()}
			isDismissible={!busy}
			size="medium"
			className="paydesk-developers__modal"
		>
			{made ? (
				<NewKeys made={made} onDone={onClose} />
			) : (
				<form className="paydesk-developers__form" onSubmit={submit}>
					{children}
					{error && (
						<Notice status="error" isDismissible={false} className="paydesk-developers__modal-error">
							{refusalOf(error)}
						</Notice>
					)}
					<div className="paydesk-modal-actions">
						<Button variant="tertiary" onClick={onClose} disabled={busy} accessibleWhenDisabled>
							{__("Cancel", "paydesk")}
						</Button>
						<Button
							variant="primary"
							type="submit"
							isBusy={busy}
							disabled={!canSubmit || busy}
							accessibleWhenDisabled
						>
							{submitLabel}
						</Button>
					</div>
				</form>
			)}
		</Modal>
	);
}

/** A new key's name, as every dialog that makes a key asks it. */
export function KeyNameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={__("Name", "paydesk")}
			help={__("Up to 100 characters, such as the app or server that will use the key.", "paydesk")}
			value={value}
			onChange={onChange}
			maxLength={MAX_NAME_LENGTH}
			autoComplete="off"
		/>
	);
}

export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
	const create = useCreateApiKey();
	const [name, setName] = useState("");
	return (
		<KeyDialog
			title={__("Create secret key", "paydesk")}
			madeTitle={__("Secret key created", "paydesk")}
			made={create.data}
			busy={create.isPending}
			error={create.error}
			submitLabel={__("Create key", "paydesk")}
			canSubmit={name.trim() !== ""}
			onSubmit={() => create.mutate({ name: name.trim() })}
			onClose={onClose}
		>
			<p>{__("A secret key is made with a publishable key, under one name.", "paydesk")}</p>
			<KeyNameField value={name} onChange={setName} />
		</KeyDialog>
	);
}

export function RollKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
	const roll = useRollApiKey();
	const [expiresIn, setExpiresIn] = useState(0);
	return (
		<KeyDialog
			title={__("Roll key", "paydesk")}
			madeTitle={__("Key rolled", "paydesk")}
			made={roll.data}
			busy={roll.isPending}
			error={roll.error}
			submitLabel={__("Roll key", "paydesk")}
			canSubmit
			onSubmit={() => roll.mutate({ id: apiKey.id, expiresIn })}
			onClose={onClose}
		>
			<p>
				{apiKey.kind === "restricted"
					? sprintf(
							/* translators: %s: the name of a restricted API key */
							__(
								"A new restricted key with the same permissions replaces the key named “%s”. Your code needs the new key to go on calling the API.",
								"paydesk",
							),
							apiKey.name,
						)
					: sprintf(
							/* translators: %s: the name of a pair of API keys */
							__(
								"A new secret key and publishable key replace the keys named “%s”. Your code needs the new secret key to go on calling the API.",
								"paydesk",
							),
							apiKey.name,
						)}
			</p>
			<RadioControl
				label={__("The old keys stop working", "paydesk")}
				selected={String(expiresIn)}
				options={ROLL_EXPIRY_CHOICES.map((choice) => ({
					value: String(choice.seconds),
					label: choice.label(),
				}))}
				onChange={(value) => setExpiresIn(Number(value))}
			/>
			{expiresIn === 0 && (
				<p className="paydesk-developers__warning">
					{__("Requests that use the old keys are refused from now on.", "paydesk")}
				</p>
			)}
		</KeyDialog>
	);
}
