import type { PageSettings } from "@paydesk/contract/page-settings";

/**
 * Loads the fraud-prevention scripts and the card provider script the page settings name
 * (spec 1 §7). Only same-origin paths: the sandbox partner serves its own.
 */
export function loadPartnerScripts(settings: PageSettings): void {
	const urls = [
		...Object.values(settings.fraudServices).map((service) => service.script_url),
		settings.cardProviderScript,
	];
	for (const url of urls) {
		if (!url.startsWith("/") || url.startsWith("//") || document.querySelector(`script[src="${url}"]`))
			continue;
		const script = document.createElement("script");
		script.src = url;
		script.async = true;
		document.head.appendChild(script);
	}
}
