/**
 * The device a session signed in from, read from its user agent as the Profile shows it
 * ("Firefox on Windows"): the browser and the platform, each "" when the user agent does not
 * say. Only the names, never versions: enough to recognise one's own devices.
 */

const BROWSERS: readonly [RegExp, string][] = [
	// Edge, Opera and Samsung's browser also say Chrome and Safari: they are looked for first.
	[/\bEdg(?:e|A|iOS)?\//, "Edge"],
	[/\bOPR\/|\bOpera\b/, "Opera"],
	[/\bSamsungBrowser\//, "Samsung Internet"],
	[/\bFirefox\/|\bFxiOS\//, "Firefox"],
	[/\bCriOS\/|\bChrome\/|\bChromium\//, "Chrome"],
	[/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const PLATFORMS: readonly [RegExp, string][] = [
	// iPadOS and Android also say "like Mac OS X" and Linux: they are looked for first.
	[/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
	[/\bAndroid\b/, "Android"],
	[/\bCrOS\b/, "ChromeOS"],
	[/\bWindows\b/, "Windows"],
	[/\bMac OS X\b|\bMacintosh\b/, "macOS"],
	[/\bLinux\b/, "Linux"],
];

const first = (rules: readonly [RegExp, string][], text: string) =>
	rules.find(([pattern]) => pattern.test(text))?.[1] ?? "";

export function deviceOf(userAgent: string): { browser: string; platform: string } {
	return { browser: first(BROWSERS, userAgent), platform: first(PLATFORMS, userAgent) };
}
