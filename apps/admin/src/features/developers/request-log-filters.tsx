/**
 * The request log's filters: status class, path (a /v1 path, or a route with :parameters) and
 * key name, chosen among the account's keys. Edits stay a draft until "Filter" writes them to
 * the URL, as the other lists' filters do; the screen gives this form a new key when the URL's
 * filters change, so the draft starts again from them.
 */

import { Button, SelectControl, TextControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type FormEvent, useState } from "react";
import { updateQuery } from "../../app/router.tsx";
import type { RequestLogFilters } from "../../data/request-log.ts";
import { filtersToQuery } from "./request-log-state.ts";

const statusChoices = () => [
	{ value: "", label: __("All statuses", "paydesk") },
	{ value: "2xx", label: __("Succeeded (2xx)", "paydesk") },
	{ value: "4xx", label: __("Refused (4xx)", "paydesk") },
	{ value: "5xx", label: __("Failed (5xx)", "paydesk") },
];

export function RequestLogFiltersForm({
	filters,
	keyNames,
	pathError,
}: {
	filters: RequestLogFilters;
	/** The account's key names, to choose from. */
	keyNames: readonly string[];
	/** Why the server refused the path filter, in its words. */
	pathError: string | null;
}) {
	const [draft, setDraft] = useState<RequestLogFilters>(filters);
	const set = (name: keyof RequestLogFilters) => (value: string) => setDraft({ ...draft, [name]: value });
	// A key filtered on from a link may be gone from the account: it is still a choice.
	const names =
		filters.key_name && !keyNames.includes(filters.key_name) ? [...keyNames, filters.key_name] : keyNames;
	const active = Object.values(filters).some(Boolean);

	const submit = (event: FormEvent) => {
		event.preventDefault();
		updateQuery(filtersToQuery(draft));
	};

	return (
		<form
			className="paydesk-developers__filters"
			onSubmit={submit}
			aria-label={__("Filter requests", "paydesk")}
		>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={__("Status", "paydesk")}
				value={draft.status_class ?? ""}
				options={statusChoices()}
				onChange={set("status_class")}
			/>
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				className={`paydesk-developers__path-filter${pathError ? " has-error" : ""}`}
				label={__("Path", "paydesk")}
				help={
					pathError ??
					__(
						"A path such as /v1/payment_intents/pi_123, or a route such as /v1/payment_intents/:id.",
						"paydesk",
					)
				}
				aria-invalid={pathError ? true : undefined}
				value={draft.path ?? ""}
				onChange={set("path")}
				placeholder="/v1/payment_intents/:id"
				spellCheck={false}
				autoComplete="off"
			/>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={__("API key", "paydesk")}
				value={draft.key_name ?? ""}
				options={[
					{ value: "", label: __("All keys", "paydesk") },
					...names.map((name) => ({ value: name, label: name })),
				]}
				onChange={set("key_name")}
			/>
			<div className="paydesk-developers__filter-actions">
				<Button variant="secondary" type="submit">
					{__("Filter", "paydesk")}
				</Button>
				{active && (
					<Button variant="tertiary" onClick={() => updateQuery(filtersToQuery({}))}>
						{__("Clear filters", "paydesk")}
					</Button>
				)}
			</div>
		</form>
	);
}
