/**
 * Adding or editing an endpoint: its URL, a description, and the events it takes (all of them,
 * or those checked). A refused save keeps the dialog open and says why in the server's words: a
 * refused URL under the URL field, anything else above the buttons.
 */
import type { WebhookEndpoint } from "@paydesk/contract/developers";
import { Button, Notice, RadioControl, TextControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../app/api.ts";
import { Modal } from "../../app/deferred-modal.tsx";
import { fieldErrorsOf } from "../../components/wp-options-form/field-errors.ts";
import type { WebhookEndpointBody } from "../../data/webhooks.ts";
import { takesAllEvents } from "./endpoint-facts.tsx";
import { EventTypeChecklist } from "./event-type-checklist.tsx";

interface Refusal {
	url?: string;
	other?: string;
}

/** The server's reasons: the URL's own, and the rest (other fields, or the whole request). */
function refusalOf(error: unknown): Refusal {
	const { url } = fieldErrorsOf(error, { url: __("URL", "paydesk") });
	const params = error instanceof ApiError ? error.data.params : undefined;
	const others =
		params && typeof params === "object"
			? Object.entries(params as Record<string, unknown>)
					.filter(([name, message]) => name !== "url" && typeof message === "string")
					.map(([, message]) => message as string)
			: [];
	if (others.length > 0) return { url, other: others.join(" ") };
	if (url) return { url };
	return {
		other: error instanceof Error ? error.message : __("The endpoint could not be saved.", "paydesk"),
	};
}

export function EndpointFormModal({
	endpoint,
	onSubmit,
	onClose,
}: {
	/** The endpoint being edited; absent when one is added. */
	endpoint?: WebhookEndpoint;
	/** Saves; a rejection is shown in the dialog. */
	onSubmit: (body: WebhookEndpointBody) => Promise<unknown>;
	onClose: () => void;
}) {
	const [url, setUrl] = useState(endpoint?.url ?? "");
	const [description, setDescription] = useState(endpoint?.description ?? "");
	const [allEvents, setAllEvents] = useState(endpoint ? takesAllEvents(endpoint.enabled_events) : true);
	const [selected, setSelected] = useState<string[]>(
		endpoint && !takesAllEvents(endpoint.enabled_events) ? endpoint.enabled_events : [],
	);
	const [refusal, setRefusal] = useState<Refusal>({});
	const [saving, setSaving] = useState(false);

	const submit = async (event: FormEvent) => {
		event.preventDefault();
		if (saving) return;
		const checked: Refusal = {};
		if (url.trim() === "") checked.url = __("Enter the URL Paydesk sends the events to.", "paydesk");
		if (!allEvents && selected.length === 0) {
			checked.other = __("Choose at least one event type, or all events.", "paydesk");
		}
		setRefusal(checked);
		if (checked.url || checked.other) return;
		setSaving(true);
		try {
			await onSubmit({
				url: url.trim(),
				description: description.trim() === "" ? null : description.trim(),
				enabled_events: allEvents ? ["*"] : selected,
			});
		} catch (error) {
			setRefusal(refusalOf(error));
			setSaving(false);
		}
	};

	return (
		<Modal
			title={endpoint ? __("Edit endpoint", "paydesk") : __("Add an endpoint", "paydesk")}
			onRequestClose={() => !saving && onClose()}
			isDismissible={!saving}
			className="paydesk-developers__modal"
		>
			<form className="paydesk-developers__form" onSubmit={submit} noValidate>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					type="url"
					label={__("URL", "paydesk")}
					help={
						refusal.url ?? __("Where Paydesk sends the events, e.g. https://example.com/webhooks.", "paydesk")
					}
					className={refusal.url ? "paydesk-developers__form-refused" : undefined}
					aria-invalid={refusal.url ? true : undefined}
					value={url}
					onChange={setUrl}
					disabled={saving}
					required
				/>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={__("Description (optional)", "paydesk")}
					value={description}
					onChange={setDescription}
					disabled={saving}
				/>
				<RadioControl
					label={__("Events to send", "paydesk")}
					selected={allEvents ? "all" : "selected"}
					options={[
						{ label: __("All events", "paydesk"), value: "all" },
						{ label: __("Selected events", "paydesk"), value: "selected" },
					]}
					onChange={(value) => setAllEvents(value === "all")}
					disabled={saving}
				/>
				{!allEvents && <EventTypeChecklist selected={selected} onChange={setSelected} disabled={saving} />}
				{refusal.other && (
					<Notice status="error" isDismissible={false}>
						{refusal.other}
					</Notice>
				)}
				<div className="paydesk-modal-actions">
					<Button variant="tertiary" onClick={onClose} disabled={saving} accessibleWhenDisabled>
						{__("Cancel", "paydesk")}
					</Button>
					<Button variant="primary" type="submit" isBusy={saving} disabled={saving} accessibleWhenDisabled>
						{endpoint ? __("Save changes", "paydesk") : __("Add endpoint", "paydesk")}
					</Button>
				</div>
			</form>
		</Modal>
	);
}
