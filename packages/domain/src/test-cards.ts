/**
 * The sandbox processor's test cards. As in Stripe's test mode, the card number
 * decides what happens to a payment, and Stripe's own test numbers are used wherever one
 * exists, so a developer who knows one knows the other. Any other number is refused as a live
 * card: the sandbox never takes a real card.
 *
 * What a card can decide:
 * - the issuer's answer: approve, or decline with a failure code and a decline code;
 * - the CVC and address checks the issuer reports (pass, fail, unavailable);
 * - the risk level the processor gives it (0 normal, 1 elevated, 2 highest; spec 2 §4), and
 *   whether it is always blocked as highest risk;
 * - 3-D Secure: the payment waits for the customer to authenticate;
 * - a dispute raised after the payment succeeds (the processor clock raises it);
 * - funds available at once instead of after the pending period;
 * - the issuing country, for the international and IP rules.
 */

export type CheckResult = "pass" | "fail" | "unavailable";

export type DisputeScenario = "fraudulent" | "product_not_received" | "inquiry";

export interface CardDecline {
	/** The error code: card_declined, expired_card, incorrect_cvc, processing_error. */
	code: string;
	/** Why the issuer declined: generic_decline, insufficient_funds, lost_card … */
	declineCode: string;
	message: string;
}

export interface TestCard {
	number: string;
	brand: string;
	funding: "credit" | "debit" | "prepaid";
	/** ISO 3166-1 alpha-2 of the issuing country. */
	country: string;
	/** What the test checkout's table says the card does. */
	description: string;
	decline?: CardDecline;
	cvcCheck?: CheckResult;
	addressLine1Check?: CheckResult;
	postalCodeCheck?: CheckResult;
	riskLevel?: 0 | 1 | 2;
	/** Blocked by the processor's own risk model whatever the merchant's rules say. */
	alwaysBlocked?: boolean;
	threeDSecure?: boolean;
	dispute?: DisputeScenario;
	availableAtOnce?: boolean;
	/** Where the test checkout lists it. */
	group: TestCardGroup;
}

export type TestCardGroup =
	| "success"
	| "decline"
	| "checks"
	| "risk"
	| "authentication"
	| "dispute"
	| "other";

const declined = (code: string, declineCode: string, message: string): CardDecline => ({
	code,
	declineCode,
	message,
});

const GENERIC = "Your card was declined.";

/** Every test card, in the order the test checkout lists them. */
export const TEST_CARDS: readonly TestCard[] = [
	{
		number: "4242424242424242",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "success",
		description: "Succeeds (Visa)",
	},
	{
		number: "4000056655665556",
		brand: "visa",
		funding: "debit",
		country: "US",
		group: "success",
		description: "Succeeds (Visa debit)",
	},
	{
		number: "5555555555554444",
		brand: "mastercard",
		funding: "credit",
		country: "US",
		group: "success",
		description: "Succeeds (Mastercard)",
	},
	{
		number: "2223003122003222",
		brand: "mastercard",
		funding: "credit",
		country: "US",
		group: "success",
		description: "Succeeds (Mastercard, 2-series)",
	},
	{
		number: "5200828282828210",
		brand: "mastercard",
		funding: "debit",
		country: "US",
		group: "success",
		description: "Succeeds (Mastercard debit)",
	},
	{
		number: "378282246310005",
		brand: "amex",
		funding: "credit",
		country: "US",
		group: "success",
		description: "Succeeds (American Express)",
	},
	{
		number: "371449635398431",
		brand: "amex",
		funding: "credit",
		country: "US",
		group: "success",
		description: "Succeeds (American Express)",
	},
	{
		number: "6011111111111117",
		brand: "discover",
		funding: "credit",
		country: "US",
		group: "success",
		description: "Succeeds (Discover)",
	},
	{
		number: "3056930009020004",
		brand: "diners",
		funding: "credit",
		country: "US",
		group: "success",
		description: "Succeeds (Diners Club)",
	},
	{
		number: "3566002020360505",
		brand: "jcb",
		funding: "credit",
		country: "JP",
		group: "success",
		description: "Succeeds (JCB, issued in Japan)",
	},
	{
		number: "6200000000000005",
		brand: "unionpay",
		funding: "credit",
		country: "CN",
		group: "success",
		description: "Succeeds (UnionPay, issued in China)",
	},
	{
		number: "4000000000000002",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "decline",
		description: "Declined: generic decline",
		decline: declined("card_declined", "generic_decline", GENERIC),
	},
	{
		number: "4000000000009995",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "decline",
		description: "Declined: insufficient funds",
		decline: declined("card_declined", "insufficient_funds", "Your card has insufficient funds."),
	},
	{
		number: "4000000000009987",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "decline",
		description: "Declined: lost card",
		decline: declined("card_declined", "lost_card", GENERIC),
	},
	{
		number: "4000000000009979",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "decline",
		description: "Declined: stolen card",
		decline: declined("card_declined", "stolen_card", GENERIC),
	},
	{
		number: "4000000000000069",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "decline",
		description: "Declined: expired card",
		decline: declined("expired_card", "expired_card", "Your card has expired."),
	},
	{
		number: "4000000000000127",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "decline",
		description: "Declined: incorrect CVC",
		cvcCheck: "fail",
		decline: declined("incorrect_cvc", "incorrect_cvc", "Your card's security code is incorrect."),
	},
	{
		number: "4000000000000119",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "decline",
		description: "Declined: processing error",
		decline: declined(
			"processing_error",
			"processing_error",
			"An error occurred while processing your card. Try again in a little bit.",
		),
	},
	{
		number: "4000000000000101",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "checks",
		description: "CVC check fails (declined when the account declines on CVC failure)",
		cvcCheck: "fail",
	},
	{
		number: "4000000000000036",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "checks",
		description: "Postal code check fails (an AVS mismatch)",
		postalCodeCheck: "fail",
	},
	{
		number: "4000000000000028",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "checks",
		description: "Address line 1 check fails (an AVS mismatch)",
		addressLine1Check: "fail",
	},
	{
		number: "4000000000000010",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "checks",
		description: "Address line 1 and postal code checks fail",
		addressLine1Check: "fail",
		postalCodeCheck: "fail",
	},
	{
		number: "4000000000000044",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "checks",
		description: "Address checks unavailable",
		addressLine1Check: "unavailable",
		postalCodeCheck: "unavailable",
	},
	{
		number: "4100000000000019",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "risk",
		description: "Always blocked as highest risk",
		riskLevel: 2,
		alwaysBlocked: true,
	},
	{
		number: "4000000000004954",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "risk",
		description: "Elevated risk",
		riskLevel: 1,
	},
	{
		number: "4000002760003184",
		brand: "visa",
		funding: "credit",
		country: "DE",
		group: "authentication",
		description: "3-D Secure authentication required",
		threeDSecure: true,
	},
	{
		number: "4000000000000259",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "dispute",
		description: "Succeeds, then disputed as fraudulent",
		dispute: "fraudulent",
	},
	{
		number: "4000000000002685",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "dispute",
		description: "Succeeds, then disputed as product not received",
		dispute: "product_not_received",
	},
	{
		number: "4000000000001976",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "dispute",
		description: "Succeeds, then an inquiry is opened",
		dispute: "inquiry",
	},
	{
		number: "4000000000000077",
		brand: "visa",
		funding: "credit",
		country: "US",
		group: "other",
		description: "Succeeds, funds available at once",
		availableAtOnce: true,
	},
	{
		number: "4000001240000000",
		brand: "visa",
		funding: "credit",
		country: "CA",
		group: "other",
		description: "Succeeds (issued in Canada)",
	},
	{
		number: "4000008260000000",
		brand: "visa",
		funding: "credit",
		country: "GB",
		group: "other",
		description: "Succeeds (issued in the United Kingdom)",
	},
	{
		number: "4000002500000003",
		brand: "visa",
		funding: "credit",
		country: "FR",
		group: "other",
		description: "Succeeds (issued in France)",
	},
	{
		number: "4000002760000016",
		brand: "visa",
		funding: "credit",
		country: "DE",
		group: "other",
		description: "Succeeds (issued in Germany)",
	},
	{
		number: "4000000760000002",
		brand: "visa",
		funding: "credit",
		country: "BR",
		group: "other",
		description: "Succeeds (issued in Brazil)",
	},
	{
		number: "4000003920000003",
		brand: "visa",
		funding: "credit",
		country: "JP",
		group: "other",
		description: "Succeeds (issued in Japan)",
	},
	{
		number: "4000000360000006",
		brand: "visa",
		funding: "credit",
		country: "AU",
		group: "other",
		description: "Succeeds (issued in Australia)",
	},
];

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card]));

/** The digits of a card number as typed, spaces and dashes removed. */
export function normalizeCardNumber(input: string): string {
	return input.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check every card number passes. */
export function passesLuhn(digits: string): boolean {
	if (!/^\d{12,19}$/.test(digits)) return false;
	let sum = 0;
	for (let index = 0; index < digits.length; index++) {
		let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
		if (index % 2 === 1) {
			digit *= 2;
			if (digit > 9) digit -= 9;
		}
		sum += digit;
	}
	return sum % 10 === 0;
}

/** What the sandbox does with a card that is not one of its test cards. */
export const LIVE_CARD_DECLINE: CardDecline = declined(
	"card_declined",
	"test_mode_live_card",
	"Your card was declined. The sandbox accepts only its test cards.",
);

/** The test card of a number (digits only), or null when it is not one. */
export function testCardOf(digits: string): TestCard | null {
	return BY_NUMBER.get(digits) ?? null;
}

export const last4Of = (digits: string): string => digits.slice(-4);

/** An expiry is valid through the last day of its month (UTC). */
export function isExpiryPast(month: number, year: number, now: Date): boolean {
	const currentYear = now.getUTCFullYear();
	const currentMonth = now.getUTCMonth() + 1;
	return year < currentYear || (year === currentYear && month < currentMonth);
}

/** An AVS mismatch: the issuer says the billing address's street or postal code does not match. */
export function isAvsMismatch(checks: {
	address_line1_check: CheckResult | null;
	address_postal_code_check: CheckResult | null;
}): boolean {
	return checks.address_line1_check === "fail" || checks.address_postal_code_check === "fail";
}

/**
 * Test values of the other payment methods: the payment fails when the customer's e-mail
 * contains "+fail" (e.g. jenny+fail@example.com), and succeeds otherwise, as bank redirects
 * and debits in a test mode are steered by what the customer enters.
 */
export const FAILING_EMAIL_MARK = "+fail";

export const NON_CARD_DECLINE: CardDecline = declined(
	"payment_method_provider_decline",
	"generic_decline",
	"The payment was declined by the payment method provider.",
);

export function nonCardPaymentFails(email: string): boolean {
	return email.toLowerCase().includes(FAILING_EMAIL_MARK);
}
