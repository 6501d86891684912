/**
 * The fourteen dispute reasons of spec 3 §3.4, each with its display name and written
 * guidance for the merchant: what the cardholder claims, what the reason means, which
 * evidence helps most, and how to respond. The spec leaves the wording to us.
 */
import type { Translator } from "../translator.ts";

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

/** The guidance of every reason, in the merchant's language. */
export function disputeReasonGuidanceTable(t: Translator): Readonly<Record<DisputeReason, ReasonGuidance>> {
	return {
		bank_cannot_process: {
			label: t.__("Bank cannot process", "paydesk"),
			claim: t.__("The customer's bank could not process the payment.", "paydesk"),
			overview: t.__(
				"The bank reversed the debit because it could not be completed, for example because the account could not accept it.",
				"paydesk",
			),
			evidence: [
				t.__("The order receipt", "paydesk"),
				t.__("Any message in which the customer confirmed the purchase", "paydesk"),
				t.__("Proof that the goods or service were delivered", "paydesk"),
			],
			advice: t.__(
				"Bank debit disputes are decided on the paperwork of the payment. Challenge only if you can show the customer approved the debit and received what they paid for; otherwise accepting saves you time.",
				"paydesk",
			),
		},
		check_returned: {
			label: t.__("Check returned", "paydesk"),
			claim: t.__("The check or bank debit used for the payment was returned.", "paydesk"),
			overview: t.__(
				"The customer's bank returned the payment unpaid, so the funds were taken back.",
				"paydesk",
			),
			evidence: [
				t.__("The order receipt", "paydesk"),
				t.__("Any message in which the customer confirmed the purchase", "paydesk"),
				t.__("Proof that the goods or service were delivered", "paydesk"),
			],
			advice: t.__(
				"Bank debit disputes are decided on the paperwork of the payment. Challenge only if you can show the customer approved the debit and received what they paid for; otherwise accepting saves you time. You may also ask the customer to pay again another way.",
				"paydesk",
			),
		},
		credit_not_processed: {
			label: t.__("Credit not processed", "paydesk"),
			claim: t.__("The customer says you promised a refund or credit that they never received.", "paydesk"),
			overview: t.__(
				"The customer returned the goods or canceled the order and expected money back. Show that a refund was issued, or why none was owed.",
				"paydesk",
			),
			evidence: [
				t.__("Your refund or return policy and where the customer saw it", "paydesk"),
				t.__("Why the customer is not entitled to a refund", "paydesk"),
				t.__("Messages with the customer about the return", "paydesk"),
			],
			advice: t.__(
				"If you already refunded the customer, submit the refund's details. If a refund is owed and was not made, accepting the dispute is usually the better choice.",
				"paydesk",
			),
		},
		customer_initiated: {
			label: t.__("Customer initiated", "paydesk"),
			claim: t.__("The customer asked their bank to reverse the payment.", "paydesk"),
			overview: t.__(
				"The customer started the reversal themselves, without one of the usual reasons.",
				"paydesk",
			),
			evidence: [
				t.__("The order receipt", "paydesk"),
				t.__("Messages with the customer about the purchase", "paydesk"),
				t.__("Proof that the goods or service were delivered", "paydesk"),
			],
			advice: t.__(
				"Show that the customer ordered and received what they paid for. Contacting the customer often settles this kind of dispute fastest.",
				"paydesk",
			),
		},
		debit_not_authorized: {
			label: t.__("Debit not authorized", "paydesk"),
			claim: t.__("The account holder says they never authorized this debit.", "paydesk"),
			overview: t.__("The holder of the bank account denies giving permission to debit it.", "paydesk"),
			evidence: [
				t.__("The customer's name, e-mail address and billing address", "paydesk"),
				t.__("The IP address the order was placed from", "paydesk"),
				t.__("Any mandate or confirmation the customer gave", "paydesk"),
			],
			advice: t.__(
				"Challenge if you can tie the order to the account holder. If the payment looks fraudulent, accept it and review your fraud protection settings.",
				"paydesk",
			),
		},
		duplicate: {
			label: t.__("Duplicate", "paydesk"),
			claim: t.__("The customer says they were charged twice for the same purchase.", "paydesk"),
			overview: t.__("The customer believes one of two similar payments was a mistake.", "paydesk"),
			evidence: [
				t.__("The ID of the other payment", "paydesk"),
				t.__("Why the two payments are for different purchases", "paydesk"),
				t.__("Receipts or invoices of both payments", "paydesk"),
			],
			advice: t.__(
				"If both payments were genuine, show how they differ. If one was indeed a duplicate and you have not refunded it, accepting is the fair choice.",
				"paydesk",
			),
		},
		fraudulent: {
			label: t.__("Transaction unauthorized", "paydesk"),
			claim: t.__("The cardholder says they did not make or authorize this payment.", "paydesk"),
			overview: t.__(
				"This is the most common reason: the card may have been used without the cardholder's permission, or the cardholder may not recognize the purchase.",
				"paydesk",
			),
			evidence: [
				t.__("Customer details that match the cardholder: name, e-mail address, billing address", "paydesk"),
				t.__("The IP address the order was placed from", "paydesk"),
				t.__(
					"Proof of delivery to the billing address, or of use of the digital product or service",
					"paydesk",
				),
				t.__("Messages in which the customer acknowledged the purchase", "paydesk"),
			],
			advice: t.__(
				"Challenge when you can link the purchase to the cardholder. When the order shows signs of fraud, accepting avoids further costs.",
				"paydesk",
			),
		},
		general: {
			label: t.__("General", "paydesk"),
			claim: t.__("The customer disputed the payment for a reason that fits no other category.", "paydesk"),
			overview: t.__(
				"The bank did not give a specific reason, so cover the whole purchase in your evidence.",
				"paydesk",
			),
			evidence: [
				t.__("The order receipt and product description", "paydesk"),
				t.__("Proof of delivery or of the service provided", "paydesk"),
				t.__("Messages with the customer", "paydesk"),
				t.__("Your refund policy", "paydesk"),
			],
			advice: t.__(
				"Contact the customer to learn what went wrong, then explain the purchase from order to delivery.",
				"paydesk",
			),
		},
		incorrect_account_details: {
			label: t.__("Incorrect account details", "paydesk"),
			claim: t.__("The bank account details used for the payment were incorrect.", "paydesk"),
			overview: t.__(
				"The debit failed because the account number or account holder did not match.",
				"paydesk",
			),
			evidence: [
				t.__("The order receipt", "paydesk"),
				t.__("Any message in which the customer confirmed the purchase", "paydesk"),
			],
			advice: t.__(
				"Bank debit disputes are decided on the paperwork of the payment. Challenge only if you can show the customer approved the debit and received what they paid for; otherwise accepting saves you time. Ask the customer to pay again with correct details.",
				"paydesk",
			),
		},
		insufficient_funds: {
			label: t.__("Insufficient funds", "paydesk"),
			claim: t.__("The customer's account did not have enough funds for the payment.", "paydesk"),
			overview: t.__("The bank debit was returned because the account could not cover it.", "paydesk"),
			evidence: [
				t.__("The order receipt", "paydesk"),
				t.__("Any message in which the customer confirmed the purchase", "paydesk"),
			],
			advice: t.__(
				"Bank debit disputes are decided on the paperwork of the payment. Challenge only if you can show the customer approved the debit and received what they paid for; otherwise accepting saves you time. Ask the customer to pay again once funds are available.",
				"paydesk",
			),
		},
		product_not_received: {
			label: t.__("Product not received", "paydesk"),
			claim: t.__("The customer says they did not receive what they paid for.", "paydesk"),
			overview: t.__(
				"Show that the goods were delivered or the digital product or service was made available.",
				"paydesk",
			),
			evidence: [
				t.__("Shipping carrier, tracking number and delivery date", "paydesk"),
				t.__("Proof of delivery, ideally with a signature", "paydesk"),
				t.__("For digital products or services: access logs or proof of use", "paydesk"),
			],
			advice: t.__(
				"Challenge with proof of delivery to the address the customer gave. Without it, accepting is usually the better choice.",
				"paydesk",
			),
		},
		product_unacceptable: {
			label: t.__("Product unacceptable", "paydesk"),
			claim: t.__("The customer says the product was defective, damaged or not as described.", "paydesk"),
			overview: t.__("The customer received the purchase but is not satisfied with it.", "paydesk"),
			evidence: [
				t.__("The product description the customer saw when ordering", "paydesk"),
				t.__("Your refund or return policy and why no refund was given", "paydesk"),
				t.__("Messages with the customer about the problem", "paydesk"),
			],
			advice: t.__(
				"Show that the product matched its description and that the customer did not use your return process. Offering a replacement can also settle the matter.",
				"paydesk",
			),
		},
		subscription_canceled: {
			label: t.__("Subscription canceled", "paydesk"),
			claim: t.__("The customer says they canceled a subscription but were charged anyway.", "paydesk"),
			overview: t.__(
				"The customer believes the payment came after they had canceled a recurring purchase.",
				"paydesk",
			),
			evidence: [
				t.__("Your cancellation policy and how the customer accepted it", "paydesk"),
				t.__("Why the customer's cancellation did not apply to this payment", "paydesk"),
				t.__("Proof that the customer kept using the subscription", "paydesk"),
			],
			advice: t.__(
				"Challenge when the payment was due under your cancellation terms. If the customer canceled in time, accepting and fixing the renewal is better.",
				"paydesk",
			),
		},
		unrecognized: {
			label: t.__("Unrecognized", "paydesk"),
			claim: t.__("The customer does not recognize this payment on their statement.", "paydesk"),
			overview: t.__(
				"Often the customer simply did not connect your store's name with the purchase.",
				"paydesk",
			),
			evidence: [
				t.__("Customer details: name, e-mail address and billing address", "paydesk"),
				t.__("The order receipt and product description", "paydesk"),
				t.__("Proof of delivery or of use", "paydesk"),
			],
			advice: t.__(
				"Contact the customer: once they recognize the purchase they can withdraw the dispute. Also check that your statement descriptor names your store clearly.",
				"paydesk",
			),
		},
	};
}

export function isDisputeReason(value: string): value is DisputeReason {
	return (DISPUTE_REASONS as readonly string[]).includes(value);
}

/** A reason's display name; an unknown reason shows as sent. */
export function disputeReasonLabel(reason: string, t: Translator): string {
	return isDisputeReason(reason) ? disputeReasonGuidanceTable(t)[reason].label : reason;
}

/** A reason's guidance; an unknown reason reads the general one. */
export function disputeReasonGuidance(reason: string, t: Translator): ReasonGuidance {
	return disputeReasonGuidanceTable(t)[isDisputeReason(reason) ? reason : "general"];
}
