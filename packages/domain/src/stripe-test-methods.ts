/**
 * Stripe's named test payment methods and tokens (`pm_card_visa`, `tok_chargeDeclined` …), each
 * standing for one of the sandbox's test cards, so code written against Stripe's test mode pays
 * into the sandbox unchanged. Every name is `pm_card_` or `tok_` followed by the same suffix.
 */
import { TEST_CARDS, type TestCard, testCardOf } from "./test-cards.ts";

/** Suffix → the test card's number. */
const NAMED_CARDS: Readonly<Record<string, string>> = {
	visa: "4242424242424242",
	visa_debit: "4000056655665556",
	mastercard: "5555555555554444",
	mastercard_debit: "5200828282828210",
	amex: "378282246310005",
	discover: "6011111111111117",
	diners: "3056930009020004",
	jcb: "3566002020360505",
	unionpay: "6200000000000005",
	chargeDeclined: "4000000000000002",
	chargeDeclinedInsufficientFunds: "4000000000009995",
	chargeDeclinedLostCard: "4000000000009987",
	chargeDeclinedStolenCard: "4000000000009979",
	chargeDeclinedExpiredCard: "4000000000000069",
	chargeDeclinedIncorrectCvc: "4000000000000127",
	chargeDeclinedProcessingError: "4000000000000119",
	cvcCheckFail: "4000000000000101",
	avsZipFail: "4000000000000036",
	avsLine1Fail: "4000000000000028",
	avsFail: "4000000000000010",
	avsUnchecked: "4000000000000044",
	riskLevelHighest: "4100000000000019",
	riskLevelElevated: "4000000000004954",
	authenticationRequired: "4000002760003184",
	createDispute: "4000000000000259",
	createDisputeProductNotReceived: "4000000000002685",
	createDisputeInquiry: "4000000000001976",
	bypassPending: "4000000000000077",
	ca: "4000001240000000",
	gb: "4000008260000000",
	fr: "4000002500000003",
	de: "4000002760000016",
	br: "4000000760000002",
	jp: "4000003920000003",
	au: "4000000360000006",
};

export const TEST_METHOD_PREFIX = "pm_card_";
export const TEST_TOKEN_PREFIX = "tok_";

/** The test card a named payment method (`pm_card_visa`) or token (`tok_visa`) stands for, or null. */
export function namedTestCard(id: string): TestCard | null {
	const suffix = id.startsWith(TEST_METHOD_PREFIX)
		? id.slice(TEST_METHOD_PREFIX.length)
		: id.startsWith(TEST_TOKEN_PREFIX)
			? id.slice(TEST_TOKEN_PREFIX.length)
			: null;
	if (suffix === null || !Object.hasOwn(NAMED_CARDS, suffix)) return null;
	return testCardOf(NAMED_CARDS[suffix] as string);
}

/** Every named payment method, with its card: what the README's table lists. */
export function namedTestMethods(): readonly { name: string; card: TestCard }[] {
	return Object.entries(NAMED_CARDS).flatMap(([suffix, number]) => {
		const card = TEST_CARDS.find((candidate) => candidate.number === number);
		return card ? [{ name: `${TEST_METHOD_PREFIX}${suffix}`, card }] : [];
	});
}
