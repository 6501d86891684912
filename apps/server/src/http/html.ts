const ESCAPES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&#39;",
};

export function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A plain WordPress-style error page ("Sorry, you are not allowed to access this page."). */
export function wpDiePage(message: string, title = "Paydesk › Error"): string {
	return `<!doctype html>
<html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/wp-admin/css/login.css"></head>
<body class="wp-die"><div class="wp-die-message" role="alert">${escapeHtml(message)}</div></body></html>`;
}
