/**
 * The store's time zone: every IANA zone the browser knows (Intl.supportedValuesOf), grouped
 * by region with city names as WordPress lists them, and UTC. A saved zone the list lacks (a
 * UTC offset such as "+02:00", which the server also accepts) stays selectable, so opening and
 * saving the page never changes it. The help shows universal and local time now, as WordPress's.
 */
import { formatDate } from "@paydesk/domain/dates";
import { SelectControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useMemo } from "react";
import { fieldHelp } from "../../components/wp-options-form/field-help.tsx";

interface Zone {
	value: string;
	label: string;
}

/** Region → zones, in the browser's (alphabetical) order; "Europe/Isle_of_Man" → "Isle of Man". */
export function timeZoneGroups(zones: readonly string[]): [string, Zone[]][] {
	const groups = new Map<string, Zone[]>();
	for (const zone of zones) {
		const slash = zone.indexOf("/");
		if (slash === -1) continue;
		const region = zone.slice(0, slash);
		const label = zone
			.slice(slash + 1)
			.replace(/_/g, " ")
			.replace(/\//g, " - ");
		groups.set(region, [...(groups.get(region) ?? []), { value: zone, label }]);
	}
	return [...groups];
}

const TIME = "Y-m-d H:i:s";

export function TimeZoneSelect({
	value,
	onChange,
	error,
	now,
}: {
	value: string;
	onChange: (zone: string) => void;
	error: string | undefined;
	now: number;
}) {
	const groups = useMemo(() => timeZoneGroups(Intl.supportedValuesOf("timeZone")), []);
	const listed = value === "UTC" || groups.some(([, zones]) => zones.some((zone) => zone.value === value));
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			id="timezone_string"
			label={__("Timezone", "paydesk")}
			value={value}
			onChange={onChange}
			aria-invalid={error ? true : undefined}
			help={fieldHelp(
				error,
				<>
					{__("Choose a city in the same timezone as you, or UTC (Coordinated Universal Time).", "paydesk")}{" "}
					{sprintf(__("Universal time is %s.", "paydesk"), formatDate(TIME, now, "UTC"))}{" "}
					{sprintf(__("Local time is %s.", "paydesk"), formatDate(TIME, now, value))}
				</>,
			)}
		>
			{!listed && <option value={value}>{/^[+-]/.test(value) ? `UTC${value}` : value}</option>}
			{groups.map(([region, zones]) => (
				<optgroup key={region} label={region}>
					{zones.map((zone) => (
						<option key={zone.value} value={zone.value}>
							{zone.label}
						</option>
					))}
				</optgroup>
			))}
			<optgroup label="UTC">
				<option value="UTC">UTC</option>
			</optgroup>
		</SelectControl>
	);
}
