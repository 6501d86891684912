/**
 * The test checkout page, rendered on the server in the look of a WordPress admin
 * screen. No inline script: the Content-Security-Policy allows only this origin's script files,
 * so what the script needs (the REST nonce, the status labels, each currency's decimals) rides
 * on data attributes.
 */
import { chargeStatusLabels } from "@paydesk/domain/charge-status";
import { isZeroDecimal } from "@paydesk/domain/money";
import { TEST_CARDS, type TestCard, type TestCardGroup } from "@paydesk/domain/test-cards";
import { englishTranslator } from "@paydesk/domain/translator";
import { escapeHtml } from "../http/html.ts";

export const TEST_CHECKOUT_PATH = "/paydesk/test-checkout";
export const TEST_CHECKOUT_ASSETS = {
	script: `${TEST_CHECKOUT_PATH}/test-checkout.js`,
	style: `${TEST_CHECKOUT_PATH}/test-checkout.css`,
} as const;

export interface TestCheckoutView {
	siteTitle: string;
	displayName: string;
	overviewUrl: string;
	logoutUrl: string;
	nonce: string;
	/** Lowercase codes the account accepts, its own currency first. */
	currencies: readonly string[];
	/** ISO 3166-1 alpha-2 of the account. */
	accountCountry: string;
	/** Country → a sample IP address the bundled GeoIP database places there. */
	sampleIps: Readonly<Record<string, string>>;
	/** A valid expiry year for the prefilled card. */
	expiryYear: number;
}

/** How the test-card table names its groups, in the order TEST_CARDS lists them. */
const GROUP_TITLES: Record<TestCardGroup, string> = {
	success: "Successful payments",
	decline: "Declined payments",
	checks: "CVC and address checks",
	risk: "Risk",
	authentication: "3-D Secure authentication",
	dispute: "Disputes",
	other: "Card country and funds",
};

/** The fraud rules as the fraud protection page titles them (and the fixed CVC filter). */
const RULE_NAMES: Record<string, string> = {
	avs_verification: "AVS mismatch",
	international_ip_address: "International IP Address",
	ip_address_mismatch: "IP Address Mismatch",
	address_mismatch: "Address Mismatch",
	purchase_price_threshold: "Purchase Price Threshold",
	order_items_threshold: "Order Items Threshold",
	cvc_verification: "CVC Verification",
};

const DEFAULT_ADDRESS = {
	line1: "510 Townsend St",
	city: "San Francisco",
	state: "CA",
	postal_code: "94103",
};

const displayName = (type: "region" | "currency", code: string): string => {
	try {
		return new Intl.DisplayNames(["en"], { type }).of(code.toUpperCase()) ?? code.toUpperCase();
	} catch {
		return code.toUpperCase();
	}
};

/** 4242 4242 4242 4242; American Express and Diners Club as 3782 822463 10005. */
export function groupCardNumber(digits: string): string {
	if (digits.length === 15 || digits.length === 14)
		return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].join(" ");
	return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

const attr = (value: string | number) => escapeHtml(String(value));

function option(value: string, label: string, selected: boolean, extra = ""): string {
	return `<option value="${attr(value)}"${selected ? " selected" : ""}${extra}>${escapeHtml(label)}</option>`;
}

interface FieldOptions {
	value?: string;
	type?: string;
	autocomplete?: string;
	inputmode?: string;
	hint?: string;
	param: string;
	size?: "small" | "regular";
}

function field(id: string, label: string, options: FieldOptions): string {
	const hint = options.hint ? `<p class="description" id="${id}-hint">${escapeHtml(options.hint)}</p>` : "";
	return `<div class="paydesk-field${options.size === "small" ? " is-small" : ""}">
<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" type="${options.type ?? "text"}" value="${attr(options.value ?? "")}" data-param="${attr(options.param)}"${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ""}${options.inputmode ? ` inputmode="${options.inputmode}"` : ""}${hint ? ` aria-describedby="${id}-hint"` : ""}>
${hint}</div>`;
}

function select(id: string, label: string, param: string, options: string, hint?: string): string {
	const described = hint ? ` aria-describedby="${id}-hint"` : "";
	return `<div class="paydesk-field">
<label for="${id}">${escapeHtml(label)}</label>
<select id="${id}" name="${id}" data-param="${attr(param)}"${described}>${options}</select>
${hint ? `<p class="description" id="${id}-hint">${escapeHtml(hint)}</p>` : ""}</div>`;
}

function countryOptions(countries: readonly string[], selected: string): string {
	return countries.map((code) => option(code, displayName("region", code), code === selected)).join("");
}

function addressFields(
	prefix: "billing" | "shipping",
	param: string,
	countries: readonly string[],
	country: string,
) {
	const at = (name: string) => `${param}.${name}`;
	const autocomplete = (name: string) => `${prefix} ${name}`;
	return `${field(`${prefix}_line1`, "Street address", { value: DEFAULT_ADDRESS.line1, param: at("line1"), autocomplete: autocomplete("address-line1") })}
<div class="paydesk-field-row">
${field(`${prefix}_city`, "Town / City", { value: DEFAULT_ADDRESS.city, param: at("city"), autocomplete: autocomplete("address-level2") })}
${field(`${prefix}_state`, "State / County", { value: DEFAULT_ADDRESS.state, param: at("state"), autocomplete: autocomplete("address-level1") })}
</div>
<div class="paydesk-field-row">
${field(`${prefix}_postal_code`, "Postcode / ZIP", { value: DEFAULT_ADDRESS.postal_code, param: at("postal_code"), autocomplete: autocomplete("postal-code") })}
${select(`${prefix}_country`, "Country / Region", at("country"), countryOptions(countries, country))}
</div>`;
}

/** What the amount field takes; the script says it again when the currency changes. */
export const amountHint = (decimals: number): string =>
	decimals === 0
		? "The order total, in whole units (e.g. 5000)."
		: "The order total, in major units (e.g. 50.00).";

function orderFields(view: TestCheckoutView): string {
	const [storeCurrency = "usd"] = view.currencies;
	const currencies = view.currencies
		.map((code) =>
			option(
				code,
				`${code.toUpperCase()} – ${displayName("currency", code)}`,
				code === storeCurrency,
				` data-decimals="${isZeroDecimal(code) ? 0 : 2}"`,
			),
		)
		.join("");
	return `<fieldset class="paydesk-box"><legend>Order</legend>
<div class="paydesk-field-row">
${field("amount", "Amount", { value: isZeroDecimal(storeCurrency) ? "5000" : "50.00", inputmode: "decimal", param: "amount", hint: amountHint(isZeroDecimal(storeCurrency) ? 0 : 2) })}
${select("currency", "Currency", "currency", currencies, "The currencies your account accepts.")}
</div>
${field("item_count", "Number of items", { value: "1", type: "number", inputmode: "numeric", param: "order.items", size: "small" })}
<fieldset class="paydesk-choices"><legend>Capture</legend>
<div class="paydesk-choice"><input type="radio" id="capture_automatic" name="capture_method" value="automatic" checked data-param="capture_method"><label for="capture_automatic">Capture the payment at once</label></div>
<div class="paydesk-choice"><input type="radio" id="capture_manual" name="capture_method" value="manual"><label for="capture_manual">Authorize only, and capture it later</label></div>
</fieldset>
</fieldset>`;
}

function customerFields(view: TestCheckoutView, countries: readonly string[]): string {
	const billing = "payment_method.billing_details";
	const ips = Object.entries(view.sampleIps)
		.map(([code, ip]) => option(ip, `${displayName("region", code)} (${ip})`, code === view.accountCountry))
		.join("");
	return `<fieldset class="paydesk-box"><legend>Customer</legend>
<div class="paydesk-field-row">
${field("name", "Name", { value: "Jenny Rosen", param: `${billing}.name`, autocomplete: "name" })}
${field("email", "Email address", { value: "jenny.rosen@example.com", type: "email", param: `${billing}.email`, autocomplete: "email" })}
</div>
${select("customer_ip", "IP address country", "customer_ip", `${option("", "Send no IP address", false)}${ips}`, "The customer's IP address is a sample address in this country, for the IP fraud rules.")}
</fieldset>
<fieldset class="paydesk-box"><legend>Billing address</legend>
${addressFields("billing", `${billing}.address`, countries, view.accountCountry)}
<div class="paydesk-choice paydesk-ship-toggle"><input type="checkbox" id="ship_different" name="ship_different" aria-controls="paydesk-shipping"><label for="ship_different">Ship to a different address</label></div>
</fieldset>
<fieldset class="paydesk-box" id="paydesk-shipping" hidden><legend>Shipping address</legend>
${addressFields("shipping", "order.shipping_address", countries, view.accountCountry)}
</fieldset>`;
}

function cardFields(view: TestCheckoutView): string {
	const card = "payment_method.card";
	return `<fieldset class="paydesk-box"><legend>Card</legend>
${field("card_number", "Card number", { value: "4242 4242 4242 4242", param: `${card}.number`, inputmode: "numeric", autocomplete: "off", hint: "Use a test card: choose one in the table of test cards." })}
<div class="paydesk-field-row">
${field("exp_month", "Expiry month", { value: "12", param: `${card}.exp_month`, inputmode: "numeric", autocomplete: "off", size: "small" })}
${field("exp_year", "Expiry year", { value: String(view.expiryYear), param: `${card}.exp_year`, inputmode: "numeric", autocomplete: "off", size: "small" })}
${field("cvc", "CVC", { value: "123", param: `${card}.cvc`, inputmode: "numeric", autocomplete: "off", size: "small" })}
</div>
</fieldset>`;
}

function cardRow(card: TestCard): string {
	const number = groupCardNumber(card.number);
	return `<tr><td><button type="button" class="button paydesk-card-button" data-card-number="${attr(number)}"><span class="screen-reader-text">Use card </span>${escapeHtml(number)}</button></td><td>${escapeHtml(card.description)}</td></tr>`;
}

function testCardTables(): string {
	const groups = new Map<TestCardGroup, TestCard[]>();
	for (const card of TEST_CARDS) groups.set(card.group, [...(groups.get(card.group) ?? []), card]);
	const tables = [...groups]
		.map(
			([group, cards]) => `<table class="widefat striped paydesk-cards">
<caption>${escapeHtml(GROUP_TITLES[group])}</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">What happens</th></tr></thead>
<tbody>${cards.map(cardRow).join("")}</tbody></table>`,
		)
		.join("\n");
	return `<aside class="paydesk-box paydesk-test-cards" aria-labelledby="paydesk-test-cards-title">
<h2 id="paydesk-test-cards-title">Test cards</h2>
<p class="description">The card number decides what happens. Choose a card to fill in its number; any future expiry date and any CVC work.</p>
${tables}
</aside>`;
}

export function testCheckoutPage(view: TestCheckoutView): string {
	const countries = [...new Set([view.accountCountry, ...Object.keys(view.sampleIps)])].sort((a, b) =>
		displayName("region", a).localeCompare(displayName("region", b)),
	);
	const labels = chargeStatusLabels(englishTranslator);
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout ‹ ${escapeHtml(view.siteTitle)} — Paydesk</title>
<link rel="stylesheet" href="${TEST_CHECKOUT_ASSETS.style}"><script src="${TEST_CHECKOUT_ASSETS.script}" defer></script></head>
<body class="paydesk-test-checkout">
<a class="screen-reader-shortcut" href="#wpbody-content">Skip to main content</a>
<nav id="wpadminbar" aria-label="Toolbar"><a href="${attr(view.overviewUrl)}">${escapeHtml(view.siteTitle)}</a>
<div class="ab-account"><span>Howdy, ${escapeHtml(view.displayName)}</span><a href="${attr(view.logoutUrl)}">Log Out</a></div></nav>
<div id="wpcontent">
<header class="woocommerce-layout__header"><nav class="woocommerce-layout__header-breadcrumbs" aria-label="Breadcrumbs"><ol>
<li><a href="${attr(view.overviewUrl)}">Payments</a></li><li><span aria-current="page">Test checkout</span></li></ol></nav></header>
<main id="wpbody-content" tabindex="-1">
<h1>Test checkout <span class="paydesk-badge">Sandbox</span></h1>
<p class="paydesk-lead">Pay a test order as a customer would. The payment goes through the sandbox processor and your fraud rules, and appears in your transactions. No real money moves.</p>
<div class="paydesk-checkout">
<form id="paydesk-test-checkout" class="paydesk-checkout__form" novalidate data-nonce="${attr(view.nonce)}" data-status-labels="${attr(JSON.stringify(labels))}" data-rule-names="${attr(JSON.stringify(RULE_NAMES))}" data-amount-hints="${attr(JSON.stringify([amountHint(0), amountHint(2)]))}">
${orderFields(view)}
${customerFields(view, countries)}
${cardFields(view)}
<p class="paydesk-submit"><button type="submit" class="button button-primary button-hero" data-pay>Pay</button></p>
<div id="paydesk-test-checkout-result" class="paydesk-result" role="status" aria-live="polite"></div>
</form>
${testCardTables()}
</div>
</main></div>
</body></html>`;
}
