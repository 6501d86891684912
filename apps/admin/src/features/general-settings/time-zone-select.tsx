/**
 * The store's time zone: every IANA zone the browser knows (Intl.supportedValuesOf), grouped
 * by region with city names as WordPress lists them, UTC, and WordPress's manual offsets
 * ("UTC+5.5"). A saved zone the list lacks (a UTC offset such as "+02:00", which the server also
 * accepts) stays selectable, so opening and saving the page never changes it. The help shows universal and local time now, as WordPress's.
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

/**
 * WordPress's "Manual Offsets" (wp_timezone_choice): UTC-12 to UTC+14 with the half and quarter
 * hours it lists, valued as WordPress stores them ("UTC+5.5") and labelled "UTC+5:30".
 */
const MANUAL_OFFSETS = [
	-12, -11.5, -11, -10.5, -10, -9.5, -9, -8.5, -8, -7.5, -7, -6.5, -6, -5.5, -5, -4.5, -4, -3.5, -3, -2.5, -2,
	-1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 5.75, 6, 6.5, 7, 7.5, 8, 8.5, 8.75, 9, 9.5,
	10, 10.5, 11, 11.5, 12, 12.75, 13, 13.75, 14,
];

export function manualOffsets(): Zone[] {
	return MANUAL_OFFSETS.map((hours) => {
		const name = hours >= 0 ? `+${hours}` : String(hours);
		return {
			value: `UTC${name}`,
			label: `UTC${name.replace(".25", ":15").replace(".5", ":30").replace(".75", ":45")}`,
		};
	});
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
	const offsets = useMemo(manualOffsets, []);
	const listed =
		value === "UTC" ||
		offsets.some((zone) => zone.value === value) ||
		groups.some(([, zones]) => zones.some((zone) => zone.value === value));
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
					{__(
						"Choose either a city in the same timezone as you or a UTC (Coordinated Universal Time) time offset.",
						"paydesk",
					)}{" "}
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
			<optgroup label={__("Manual Offsets", "paydesk")}>
				{offsets.map((zone) => (
					<option key={zone.value} value={zone.value}>
						{zone.label}
					</option>
				))}
			</optgroup>
		</SelectControl>
	);
}
