/**
 * Overview greeting (spec 1 §2.2): morning 5:00 to 11:59, afternoon 12:00 to 16:59, evening
 * otherwise; the user's first name when known; ends with a wave emoji.
 */
export type DayPart = "morning" | "afternoon" | "evening";

export function dayPart(hour: number): DayPart {
	if (hour >= 5 && hour < 12) return "morning";
	if (hour >= 12 && hour < 17) return "afternoon";
	return "evening";
}

export function greeting(hour: number, firstName: string | undefined): string {
	const part = dayPart(hour);
	const name = firstName?.trim();
	return name ? `Good ${part}, ${name} 👋` : `Good ${part} 👋`;
}
