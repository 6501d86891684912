/**
 * Dates shown the store's way: PHP-style formats (the store's dateFormat and timeFormat, e.g.
 * "F j, Y" and "g:i a") in the store's time zone, so lists, details, timelines, exports and
 * e-mails agree. Times are stored as UTC epoch seconds.
 */

const MONTHS = [
	"January",
	"February",
	"March",
	"April",
	"May",
	"June",
	"July",
	"August",
	"September",
	"October",
	"November",
	"December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export interface ZonedParts {
	year: number;
	month: number; // 1-12
	day: number;
	hour: number; // 0-23
	minute: number;
	second: number;
	weekday: number; // 0 = Sunday
	/** Offset from UTC in minutes, e.g. 120 for UTC+2. */
	offsetMinutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat("en-US", {
			timeZone,
			hourCycle: "h23",
			year: "numeric",
			month: "numeric",
			day: "numeric",
			hour: "numeric",
			minute: "numeric",
			second: "numeric",
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

/** A fixed offset like "+02:00" or "-0530" in minutes, or null when it is not one. */
export function parseOffset(zone: string): number | null {
	const match = /^(?:UTC|GMT)?([+-])(\d{1,2}):?(\d{2})?$/.exec(zone.trim());
	if (!match) return null;
	const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
	return match[1] === "-" ? -minutes : minutes;
}

/** Calendar parts of an instant in a time zone (IANA name, "UTC", or a fixed offset). */
export function zonedParts(epochSeconds: number, timeZone = "UTC"): ZonedParts {
	const offset = parseOffset(timeZone);
	if (offset !== null || timeZone === "UTC") {
		const shifted = new Date((epochSeconds + (offset ?? 0) * 60) * 1000);
		return {
			year: shifted.getUTCFullYear(),
			month: shifted.getUTCMonth() + 1,
			day: shifted.getUTCDate(),
			hour: shifted.getUTCHours(),
			minute: shifted.getUTCMinutes(),
			second: shifted.getUTCSeconds(),
			weekday: shifted.getUTCDay(),
			offsetMinutes: offset ?? 0,
		};
	}
	const values: Record<string, number> = {};
	for (const part of formatterFor(timeZone).formatToParts(new Date(epochSeconds * 1000))) {
		if (part.type !== "literal") values[part.type] = Number(part.value);
	}
	const year = values.year ?? 1970;
	const month = values.month ?? 1;
	const day = values.day ?? 1;
	const hour = values.hour ?? 0;
	const minute = values.minute ?? 0;
	const second = values.second ?? 0;
	const asUtc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
	return {
		year,
		month,
		day,
		hour,
		minute,
		second,
		weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
		offsetMinutes: Math.round((asUtc - epochSeconds) / 60),
	};
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function ordinalSuffix(day: number): string {
	if (day % 100 >= 11 && day % 100 <= 13) return "th";
	return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

function offsetText(minutes: number, colon: boolean): string {
	const sign = minutes < 0 ? "-" : "+";
	const absolute = Math.abs(minutes);
	return `${sign}${pad(Math.floor(absolute / 60))}${colon ? ":" : ""}${pad(absolute % 60)}`;
}

/** Formats epoch seconds with a PHP date() format in a time zone. */
export function formatDate(format: string, epochSeconds: number, timeZone = "UTC"): string {
	const p = zonedParts(epochSeconds, timeZone);
	const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
	const daysInMonth = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
	let out = "";
	for (let i = 0; i < format.length; i++) {
		const token = format[i] ?? "";
		switch (token) {
			case "d":
				out += pad(p.day);
				break;
			case "D":
				out += (DAYS[p.weekday] ?? "").slice(0, 3);
				break;
			case "j":
				out += String(p.day);
				break;
			case "l":
				out += DAYS[p.weekday] ?? "";
				break;
			case "N":
				out += String(p.weekday === 0 ? 7 : p.weekday);
				break;
			case "S":
				out += ordinalSuffix(p.day);
				break;
			case "w":
				out += String(p.weekday);
				break;
			case "F":
				out += MONTHS[p.month - 1] ?? "";
				break;
			case "M":
				out += (MONTHS[p.month - 1] ?? "").slice(0, 3);
				break;
			case "m":
				out += pad(p.month);
				break;
			case "n":
				out += String(p.month);
				break;
			case "t":
				out += String(daysInMonth);
				break;
			case "Y":
				out += String(p.year);
				break;
			case "y":
				out += pad(p.year % 100);
				break;
			case "a":
				out += p.hour < 12 ? "am" : "pm";
				break;
			case "A":
				out += p.hour < 12 ? "AM" : "PM";
				break;
			case "g":
				out += String(hour12);
				break;
			case "G":
				out += String(p.hour);
				break;
			case "h":
				out += pad(hour12);
				break;
			case "H":
				out += pad(p.hour);
				break;
			case "i":
				out += pad(p.minute);
				break;
			case "s":
				out += pad(p.second);
				break;
			case "P":
				out += offsetText(p.offsetMinutes, true);
				break;
			case "O":
				out += offsetText(p.offsetMinutes, false);
				break;
			case "T":
				out += p.offsetMinutes === 0 ? "UTC" : offsetText(p.offsetMinutes, true);
				break;
			case "e":
				out += timeZone;
				break;
			case "U":
				out += String(epochSeconds);
				break;
			case "c":
				out += `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offsetText(p.offsetMinutes, true)}`;
				break;
			case "\\":
				i++;
				out += format[i] ?? "";
				break;
			default:
				out += token;
		}
	}
	return out;
}

/** Epoch seconds of an ISO string or a number of seconds, as the API's dates arrive. */
export function toEpochSeconds(value: string | number): number {
	if (typeof value === "number") return value;
	const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
	return Math.floor(ms / 1000);
}
