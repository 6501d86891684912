/**
 * The payment activity card's period: the preset kept in session storage for the browser
 * session (spec 1 §2.2), and its range in the user's own time.
 */
import {
	localCalendarDay,
	PERIOD_STORAGE_KEY,
	type PeriodPreset,
	type PeriodRange,
	periodRange,
	storedPeriod,
} from "@paydesk/domain/periods";
import { useState } from "react";
import { getSettings } from "../../app/settings.ts";

function readStoredPeriod(): PeriodPreset {
	try {
		return storedPeriod(window.sessionStorage.getItem(PERIOD_STORAGE_KEY));
	} catch {
		return storedPeriod(null);
	}
}

export function usePeriod(): [PeriodPreset, (preset: PeriodPreset) => void] {
	const [preset, setPreset] = useState(readStoredPeriod);
	const choose = (next: PeriodPreset) => {
		setPreset(next);
		try {
			window.sessionStorage.setItem(PERIOD_STORAGE_KEY, next);
		} catch {
			// Private windows may refuse storage: the choice then lasts until the page is left.
		}
	};
	return [preset, choose];
}

/** The preset's range today; all time starts on the day the account was created. */
export function currentRange(preset: PeriodPreset, now = new Date()): PeriodRange {
	const created = getSettings().accountStatus?.created;
	const createdDay = localCalendarDay(created ? new Date(created) : now);
	return periodRange(preset, localCalendarDay(now), createdDay);
}
