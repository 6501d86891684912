/**
 * Overview greeting (spec 1 §2.2): morning 5:00 to 11:59, afternoon 12:00 to 16:59, evening
 * otherwise. The sentences themselves (first name when known, a wave emoji at the end) are the
 * admin's, as whole translatable strings.
 */
export type DayPart = "morning" | "afternoon" | "evening";

export function dayPart(hour: number): DayPart {
	if (hour >= 5 && hour < 12) return "morning";
	if (hour >= 12 && hour < 17) return "afternoon";
	return "evening";
}
