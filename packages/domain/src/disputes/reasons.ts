/**
 * The fourteen dispute reasons of spec 3 §3.4, each with its display name and written
 * guidance for the merchant: what the cardholder claims, what the reason means, which
 * evidence helps most, and how to respond. The spec leaves the wording to us.
 */

export const DISPUTE_REASONS = [
	"bank_cannot_process",
	"check_returned",
	"credit_not_processed",
	"customer_initiated",
	"debit_not_authorized",
	"duplicate",
	"fraudulent",
	"general",
	"incorrect_account_details",
	"insufficient_funds",
	"product_not_received",
	"product_unacceptable",
	"subscription_canceled",
	"unrecognized",
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export interface ReasonGuidance {
	label: string;
	/** One sentence: what the cardholder told their bank. */
	claim: string;
	/** What the reason means for the merchant. */
	overview: string;
	/** The evidence that convinces a bank most often, most important first. */
	evidence: readonly string[];
	/** How to decide between challenging and accepting. */
	advice: string;
}

const BANK_DEBIT_ADVICE =
	"Bank debit disputes are decided on the paperwork of the payment. Challenge only if you can show the customer approved the debit and received what they paid for; otherwise accepting saves you time.";

export const DISPUTE_REASON_GUIDANCE: Readonly<Record<DisputeReason, ReasonGuidance>> = {
	bank_cannot_process: {
		label: "Bank cannot process",
		claim: "The customer's bank could not process the payment.",
		overview:
			"The bank reversed the debit because it could not be completed, for example because the account could not accept it.",
		evidence: [
			"The order receipt",
			"Any message in which the customer confirmed the purchase",
			"Proof that the goods or service were delivered",
		],
		advice: BANK_DEBIT_ADVICE,
	},
	check_returned: {
		label: "Check returned",
		claim: "The check or bank debit used for the payment was returned.",
		overview: "The customer's bank returned the payment unpaid, so the funds were taken back.",
		evidence: [
			"The order receipt",
			"Any message in which the customer confirmed the purchase",
			"Proof that the goods or service were delivered",
		],
		advice: `${BANK_DEBIT_ADVICE} You may also ask the customer to pay again another way.`,
	},
	credit_not_processed: {
		label: "Credit not processed",
		claim: "The customer says you promised a refund or credit that they never received.",
		overview:
			"The customer returned the goods or canceled the order and expected money back. Show that a refund was issued, or why none was owed.",
		evidence: [
			"Your refund or return policy and where the customer saw it",
			"Why the customer is not entitled to a refund",
			"Messages with the customer about the return",
		],
		advice:
			"If you already refunded the customer, submit the refund's details. If a refund is owed and was not made, accepting the dispute is usually the better choice.",
	},
	customer_initiated: {
		label: "Customer initiated",
		claim: "The customer asked their bank to reverse the payment.",
		overview: "The customer started the reversal themselves, without one of the usual reasons.",
		evidence: [
			"The order receipt",
			"Messages with the customer about the purchase",
			"Proof that the goods or service were delivered",
		],
		advice:
			"Show that the customer ordered and received what they paid for. Contacting the customer often settles this kind of dispute fastest.",
	},
	debit_not_authorized: {
		label: "Debit not authorized",
		claim: "The account holder says they never authorized this debit.",
		overview: "The holder of the bank account denies giving permission to debit it.",
		evidence: [
			"The customer's name, e-mail address and billing address",
			"The IP address the order was placed from",
			"Any mandate or confirmation the customer gave",
		],
		advice:
			"Challenge if you can tie the order to the account holder. If the payment looks fraudulent, accept it and review your fraud protection settings.",
	},
	duplicate: {
		label: "Duplicate",
		claim: "The customer says they were charged twice for the same purchase.",
		overview: "The customer believes one of two similar payments was a mistake.",
		evidence: [
			"The ID of the other payment",
			"Why the two payments are for different purchases",
			"Receipts or invoices of both payments",
		],
		advice:
			"If both payments were genuine, show how they differ. If one was indeed a duplicate and you have not refunded it, accepting is the fair choice.",
	},
	fraudulent: {
		label: "Transaction unauthorized",
		claim: "The cardholder says they did not make or authorize this payment.",
		overview:
			"This is the most common reason: the card may have been used without the cardholder's permission, or the cardholder may not recognize the purchase.",
		evidence: [
			"Customer details that match the cardholder: name, e-mail address, billing address",
			"The IP address the order was placed from",
			"Proof of delivery to the billing address, or of use of the digital product or service",
			"Messages in which the customer acknowledged the purchase",
		],
		advice:
			"Challenge when you can link the purchase to the cardholder. When the order shows signs of fraud, accepting avoids further costs.",
	},
	general: {
		label: "General",
		claim: "The customer disputed the payment for a reason that fits no other category.",
		overview: "The bank did not give a specific reason, so cover the whole purchase in your evidence.",
		evidence: [
			"The order receipt and product description",
			"Proof of delivery or of the service provided",
			"Messages with the customer",
			"Your refund policy",
		],
		advice:
			"Contact the customer to learn what went wrong, then explain the purchase from order to delivery.",
	},
	incorrect_account_details: {
		label: "Incorrect account details",
		claim: "The bank account details used for the payment were incorrect.",
		overview: "The debit failed because the account number or account holder did not match.",
		evidence: ["The order receipt", "Any message in which the customer confirmed the purchase"],
		advice: `${BANK_DEBIT_ADVICE} Ask the customer to pay again with correct details.`,
	},
	insufficient_funds: {
		label: "Insufficient funds",
		claim: "The customer's account did not have enough funds for the payment.",
		overview: "The bank debit was returned because the account could not cover it.",
		evidence: ["The order receipt", "Any message in which the customer confirmed the purchase"],
		advice: `${BANK_DEBIT_ADVICE} Ask the customer to pay again once funds are available.`,
	},
	product_not_received: {
		label: "Product not received",
		claim: "The customer says they did not receive what they paid for.",
		overview: "Show that the goods were delivered or the digital product or service was made available.",
		evidence: [
			"Shipping carrier, tracking number and delivery date",
			"Proof of delivery, ideally with a signature",
			"For digital products or services: access logs or proof of use",
		],
		advice:
			"Challenge with proof of delivery to the address the customer gave. Without it, accepting is usually the better choice.",
	},
	product_unacceptable: {
		label: "Product unacceptable",
		claim: "The customer says the product was defective, damaged or not as described.",
		overview: "The customer received the purchase but is not satisfied with it.",
		evidence: [
			"The product description the customer saw when ordering",
			"Your refund or return policy and why no refund was given",
			"Messages with the customer about the problem",
		],
		advice:
			"Show that the product matched its description and that the customer did not use your return process. Offering a replacement can also settle the matter.",
	},
	subscription_canceled: {
		label: "Subscription canceled",
		claim: "The customer says they canceled a subscription but were charged anyway.",
		overview: "The customer believes the payment came after they had canceled a recurring purchase.",
		evidence: [
			"Your cancellation policy and how the customer accepted it",
			"Why the customer's cancellation did not apply to this payment",
			"Proof that the customer kept using the subscription",
		],
		advice:
			"Challenge when the payment was due under your cancellation terms. If the customer canceled in time, accepting and fixing the renewal is better.",
	},
	unrecognized: {
		label: "Unrecognized",
		claim: "The customer does not recognize this payment on their statement.",
		overview: "Often the customer simply did not connect your store's name with the purchase.",
		evidence: [
			"Customer details: name, e-mail address and billing address",
			"The order receipt and product description",
			"Proof of delivery or of use",
		],
		advice:
			"Contact the customer: once they recognize the purchase they can withdraw the dispute. Also check that your statement descriptor names your store clearly.",
	},
};

export function isDisputeReason(value: string): value is DisputeReason {
	return (DISPUTE_REASONS as readonly string[]).includes(value);
}

export function disputeReasonLabel(reason: string): string {
	return isDisputeReason(reason) ? DISPUTE_REASON_GUIDANCE[reason].label : reason;
}

export function disputeReasonGuidance(reason: string): ReasonGuidance {
	return DISPUTE_REASON_GUIDANCE[isDisputeReason(reason) ? reason : "general"];
}
