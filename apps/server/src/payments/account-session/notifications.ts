/**
 * What the sandbox partner's notifications component lists for an account (spec 1 §4.6): each
 * requirement error is something the merchant must provide (action_required; invalid_value_other
 * is ignored, as the admin ignores it); an account whose details are being verified has an item
 * in review; a restricted account without errors must still provide what is due.
 */
import type { PartnerNotification } from "@paydesk/contract/account-session";
import { ACCOUNT_LINK } from "../../accounts/account.ts";
import { requirementsOf } from "../../accounts/documents.ts";
import type { AccountsTable } from "../../db/schema.ts";

export function partnerNotificationsOf(account: AccountsTable): PartnerNotification[] {
	const link = `${ACCOUNT_LINK}?account=${encodeURIComponent(account.id)}`;
	const errors = requirementsOf(account).filter((error) => error.code !== "invalid_value_other");
	const notifications: PartnerNotification[] = errors.map((error, index) => ({
		id: `req_${index}_${error.code}`,
		severity: "action_required",
		title: "Update your business information",
		description: error.reason,
		action_url: link,
	}));
	if (errors.length === 0 && ["restricted", "restricted_soon"].includes(account.status)) {
		notifications.push({
			id: "req_currently_due",
			severity: "action_required",
			title: "Provide the missing business details",
			description: "Some information is due to keep payments and payouts running.",
			action_url: link,
		});
	}
	if (account.status === "pending_verification") {
		notifications.push({
			id: "review_identity",
			severity: "in_review",
			title: "Identity verification in review",
			description: "We are checking the documents you sent. This usually takes one to two business days.",
			action_url: null,
		});
	}
	return notifications;
}
