/**
 * Rules of the connect page (spec 1 §2.1, §4.1–4.3, §5, §9): the effective source, the
 * sanitising of source and from, the connect button, the reset button, the sandbox (test
 * drive) progress and the payment-method logos. The incentive's HTML is sanitised on the server
 * (apps/server/src/http/sanitize-html.ts).
 */

/** The `from` values the connect page knows, and the source each one stands for. */
export const CONNECT_FROM_SOURCES: Readonly<Record<string, string>> = {
	WCADMIN_PAYMENT_TASK: "wcadmin-payment-task",
	WCADMIN_PAYMENT_SETTINGS: "wcadmin-settings-page",
	WCADMIN_PAYMENT_INCENTIVE: "wcadmin-incentive-page",
};
export const CONNECT_PAGE_SOURCE = "wcpay-connect-page";
export const UNKNOWN_SOURCE = "unknown";

/**
 * source and from of the connect page have every non-word character removed (so dashes go
 * too, unlike the onboarding wizard's source).
 */
export function sanitiseConnectParam(value: string | null | undefined): string {
	return (value ?? "").replace(/\W/g, "");
}

/** The source carried inside a connect URL's own query, if any. */
function sourceOfUrl(connectUrl: string): string {
	const index = connectUrl.indexOf("?");
	if (index === -1) return "";
	return new URLSearchParams(connectUrl.slice(index + 1)).get("source") ?? "";
}

/**
 * The effective source, in this order: the source parameter; the source embedded in the
 * connect URL; the source that `from` stands for; otherwise wcpay-connect-page.
 */
export function effectiveSource(input: {
	source?: string | null;
	connectUrl?: string;
	from?: string | null;
}): string {
	const source = sanitiseConnectParam(input.source);
	if (source) return source;
	const embedded = sanitiseConnectParam(sourceOfUrl(input.connectUrl ?? ""));
	if (embedded) return embedded;
	const from = sanitiseConnectParam(input.from);
	return CONNECT_FROM_SOURCES[from] ?? CONNECT_PAGE_SOURCE;
}

export interface ConnectState {
	/** Connected to the content-platform account. */
	isJetpackConnected: boolean;
	/** A payments account exists. */
	isAccountConnected: boolean;
	isAccountValid: boolean;
}

/** The primary button's label (spec 1 §4.1). */
export function connectButtonLabel(state: ConnectState): string {
	if (!state.isJetpackConnected) return "Connect your store";
	if (state.isAccountConnected && !state.isAccountValid) return "Finish business details verifications";
	return "Verify business details";
}

/** An account exists but its connection or validity is wrong: the setup-error message shows. */
export function hasSetupError(state: ConnectState & { accountExists: boolean }): boolean {
	return state.accountExists && (!state.isAccountConnected || !state.isAccountValid);
}

/** Disabled while busy, or when the error message speaks of an account setup session. */
export function isConnectButtonDisabled(input: { busy: boolean; errorMessage: string }): boolean {
	return input.busy || /account setup session/i.test(input.errorMessage);
}

/** Reset shows only for a connected account whose details are not submitted, or in test onboarding. */
export function showResetButton(input: {
	isAccountConnected: boolean;
	detailsSubmitted: boolean;
	testModeOnboarding: boolean;
}): boolean {
	return input.isAccountConnected && (!input.detailsSubmitted || input.testModeOnboarding);
}

/** The sandbox notice: no account yet, and test-mode onboarding on. */
export function showSandboxNotice(input: {
	isAccountConnected: boolean;
	testModeOnboarding: boolean;
}): boolean {
	return !input.isAccountConnected && input.testModeOnboarding;
}

/**
 * Whether the store has the connect page (spec 1 §2.1, §4.3): while no valid account exists, and
 * for a test-drive account, whose way to live payments (the test-account banner and its modal)
 * and whose reset start there.
 */
export function showsConnectPage(input: {
	isAccountConnected: boolean;
	isAccountValid: boolean;
	testModeOnboarding: boolean;
}): boolean {
	return !input.isAccountConnected || !input.isAccountValid || input.testModeOnboarding;
}

/** The test-account banner (with its activate-live link): a test account exists. */
export function showTestAccountBanner(input: {
	isAccountConnected: boolean;
	testModeOnboarding: boolean;
}): boolean {
	return input.isAccountConnected && input.testModeOnboarding;
}

export function isCountrySupported(country: string, available: Readonly<Record<string, string>>): boolean {
	return Object.hasOwn(available, country.toUpperCase());
}

/** Sandbox (test-drive) flow constants of spec 1 §4.2 and §9. */
export const SANDBOX_PROGRESS = {
	start: 5,
	connectingStep: 5,
	connectedAt: 40,
	pollingStep: 6,
	done: 100,
	/** Above this the flow stops waiting for the account. */
	finishAbove: 95,
} as const;
export const ACCOUNT_POLL_INTERVAL_MS = 2500;
export const SANDBOX_TIMEOUT_MS = 40_000;

/** One tick while the connect URL answers: +5, never past 40. */
export function connectingProgress(progress: number): number {
	return Math.min(progress + SANDBOX_PROGRESS.connectingStep, SANDBOX_PROGRESS.connectedAt);
}

/** One tick while the account is polled: +6, never past 100. */
export function pollingProgress(progress: number): number {
	return Math.min(progress + SANDBOX_PROGRESS.pollingStep, SANDBOX_PROGRESS.done);
}

/** The flow stops waiting once the status has no 'pending', progress passed 95, or 40 s went by. */
export function isSandboxSetupFinished(input: {
	status: string;
	progress: number;
	elapsedMs: number;
}): boolean {
	return (
		!input.status.includes("pending") ||
		input.progress > SANDBOX_PROGRESS.finishAbove ||
		input.elapsedMs >= SANDBOX_TIMEOUT_MS
	);
}

/** A connect URL with more query values; empty values are left out. */
export function withQueryArgs(
	url: string,
	args: Readonly<Record<string, string | undefined | null>>,
): string {
	const pairs = Object.entries(args)
		.filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
		.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
	if (pairs.length === 0) return url;
	return `${url}${url.includes("?") ? "&" : "?"}${pairs.join("&")}`;
}

/** Payment methods advertised on the connect page (spec 1 §1): 19, plus the store's wallet. */
export const PAYMENT_METHOD_LOGOS = [
	{ id: "visa", label: "Visa" },
	{ id: "mastercard", label: "Mastercard" },
	{ id: "amex", label: "American Express" },
	{ id: "discover", label: "Discover" },
	{ id: "jcb", label: "JCB" },
	{ id: "diners", label: "Diners Club" },
	{ id: "unionpay", label: "UnionPay" },
	{ id: "applepay", label: "Apple Pay" },
	{ id: "googlepay", label: "Google Pay" },
	{ id: "afterpay", label: "Afterpay" },
	{ id: "affirm", label: "Affirm" },
	{ id: "klarna", label: "Klarna" },
	{ id: "ideal", label: "iDEAL" },
	{ id: "bancontact", label: "Bancontact" },
	{ id: "eps", label: "EPS" },
	{ id: "p24", label: "Przelewy24" },
	{ id: "sepa", label: "SEPA Direct Debit" },
	{ id: "multibanco", label: "Multibanco" },
	{ id: "grabpay", label: "GrabPay" },
] as const;
export const WALLET_LOGO = { id: "woopay", label: "WooPay" } as const;

export type PaymentMethodLogo = { id: string; label: string };

/** The wallet comes first when present: 20 logos, else 19. */
export function connectPageLogos(hasWallet: boolean): PaymentMethodLogo[] {
	return hasWallet ? [WALLET_LOGO, ...PAYMENT_METHOD_LOGOS] : [...PAYMENT_METHOD_LOGOS];
}

/** 10 logos show by default, 7 at width 768 or less, 5 at 480 or less; the rest overflow. */
export function visibleLogoCount(width: number): number {
	if (width <= 480) return 5;
	if (width <= 768) return 7;
	return 10;
}
export const LOGO_POPOVER_HIDE_MS = 300;
