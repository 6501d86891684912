/** The page settings the server inlined into the page (spec 1 §3), read once. */
import { PAGE_SETTINGS_ELEMENT_ID, type PageSettings } from "@paydesk/contract/page-settings";

let current: PageSettings | null = null;

export function getSettings(): PageSettings {
	if (current) return current;
	const element = document.getElementById(PAGE_SETTINGS_ELEMENT_ID);
	if (!element?.textContent) throw new Error("Page settings are missing from the page.");
	current = JSON.parse(element.textContent) as PageSettings;
	return current;
}

/** Tests and the sandbox flows replace settings (e.g. after connecting an account). */
export function setSettings(next: PageSettings): void {
	current = next;
}
