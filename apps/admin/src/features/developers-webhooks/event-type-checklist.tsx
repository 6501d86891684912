/**
 * The event types an endpoint takes, when not all of them: a search over the names and a
 * checkbox per type. A type the endpoint took before that Paydesk no longer offers stays listed,
 * so saving does not drop it unasked.
 */
import { WEBHOOK_EVENT_TYPES } from "@paydesk/contract/webhook-event-types";
import { CheckboxControl, SearchControl } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useState } from "react";

export function EventTypeChecklist({
	selected,
	onChange,
	disabled,
}: {
	selected: readonly string[];
	onChange: (selected: string[]) => void;
	disabled?: boolean;
}) {
	const [search, setSearch] = useState("");
	const offered = [...new Set([...WEBHOOK_EVENT_TYPES, ...selected.filter((type) => type !== "*")])];
	const term = search.trim().toLowerCase();
	const shown = offered.filter((type) => type.includes(term));
	return (
		<div className="paydesk-developers__checklist">
			<SearchControl
				__nextHasNoMarginBottom
				label={__("Search event types", "paydesk")}
				placeholder={__("Search event types", "paydesk")}
				value={search}
				onChange={setSearch}
			/>
			<p className="paydesk-developers__muted" aria-live="polite">
				{sprintf(
					/* translators: %d: how many event types are chosen */
					_n("%d event type selected", "%d event types selected", selected.length, "paydesk"),
					selected.length,
				)}
			</p>
			<ul className="paydesk-developers__checklist-items" aria-label={__("Event types", "paydesk")}>
				{shown.map((type) => (
					<li key={type}>
						<CheckboxControl
							__nextHasNoMarginBottom
							label={type}
							checked={selected.includes(type)}
							disabled={disabled}
							onChange={(on) =>
								onChange(on ? [...selected, type] : selected.filter((chosen) => chosen !== type))
							}
						/>
					</li>
				))}
				{shown.length === 0 && <li>{__("No event types match your search.", "paydesk")}</li>}
			</ul>
		</div>
	);
}
