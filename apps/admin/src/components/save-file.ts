/**
 * Hands a file the page already holds (a fetched PDF, a CSV built here) to the browser as a
 * download with its own name, without leaving the page.
 */
export function saveFile(content: Blob, fileName: string): void {
	const url = URL.createObjectURL(content);
	const link = document.createElement("a");
	link.href = url;
	link.download = fileName;
	link.rel = "noopener";
	document.body.appendChild(link);
	link.click();
	link.remove();
	// The browser has started reading the blob by now; keep it a moment for slow disks.
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a Content-Disposition header: attachment; filename="a.pdf". */
export function attachmentName(header: string | null, fallback: string): string {
	const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
	return match?.[1] ?? fallback;
}
