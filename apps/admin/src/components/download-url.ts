/**
 * Downloads of same-site files (export files): the link the admin follows, with the REST
 * nonce and force_download, and a download started without leaving the page. Kept apart from the
 * export flow so the header's bell can link a download without loading it.
 */
import { getSettings } from "../app/settings.ts";

/** Starts a browser download of a same-site URL without leaving the page. */
export function downloadUrl(url: string): void {
	const link = document.createElement("a");
	link.href = url;
	link.rel = "noopener";
	link.download = "";
	document.body.appendChild(link);
	link.click();
	link.remove();
}

export function withForceDownload(url: string): string {
	const nonce = getSettings().restNonce;
	const separator = url.includes("?") ? "&" : "?";
	const withNonce = url.includes("_wpnonce=")
		? url
		: `${url}${separator}_wpnonce=${encodeURIComponent(nonce)}`;
	return `${withNonce}&force_download=true`;
}
