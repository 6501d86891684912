/**
 * One audit entry as a sentence in the user's language ("Refunded $20.00 by alex, reason:
 * Requested by customer"): what Payments › Activity and a payment's Activity card show.
 */
import type { AuditEntry } from "@paydesk/contract/audit-log";
import { refundReasonLabel } from "@paydesk/domain/refunds";
import { __, sprintf } from "@wordpress/i18n";
import { formatMoney } from "../format.ts";
import { translator } from "../translator.ts";

/** Who acted: the user's login, the API key's name, or the system. */
export function auditActorName(entry: Pick<AuditEntry, "actor">): string {
	if (entry.actor.login) return entry.actor.login;
	/* translators: %s: the name of an API key. */
	if (entry.actor.api_key) return sprintf(__("API key “%s”", "paydesk"), entry.actor.api_key);
	return __("Paydesk", "paydesk");
}

function amountOf(details: Record<string, unknown>): string {
	const { amount, currency } = details;
	return typeof amount === "number" && typeof currency === "string" ? formatMoney(amount, currency) : "";
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function describeAuditEntry(entry: AuditEntry): string {
	const who = auditActorName(entry);
	const details = entry.details;
	const amount = amountOf(details);
	switch (entry.action) {
		case "refund.created": {
			const reason = refundReasonLabel(text(details.reason) || null, translator);
			return reason
				? /* translators: 1: an amount, 2: who refunded, 3: the refund's reason. */
					sprintf(__("Refunded %1$s by %2$s, reason: %3$s", "paydesk"), amount, who, reason)
				: /* translators: 1: an amount, 2: who refunded. */
					sprintf(__("Refunded %1$s by %2$s", "paydesk"), amount, who);
		}
		case "payment.captured":
			/* translators: 1: an amount, 2: who captured it. */
			return sprintf(__("Captured %1$s by %2$s", "paydesk"), amount, who);
		case "payment.canceled":
			/* translators: 1: an amount, 2: who canceled the authorization. */
			return sprintf(__("Authorization of %1$s canceled by %2$s", "paydesk"), amount, who);
		case "payout.instant_created":
			/* translators: 1: an amount, 2: who asked for the payout. */
			return sprintf(__("Instant payout of %1$s by %2$s", "paydesk"), amount, who);
		case "dispute.accepted":
			/* translators: %s: who accepted the dispute. */
			return sprintf(__("Dispute accepted by %s", "paydesk"), who);
		case "dispute.evidence_submitted":
			/* translators: %s: who submitted the evidence. */
			return sprintf(__("Dispute evidence submitted by %s", "paydesk"), who);
		case "settings.updated": {
			const fields = Object.keys((details.after as Record<string, unknown> | undefined) ?? {}).join(", ");
			/* translators: 1: who changed the settings, 2: the names of the settings changed. */
			return sprintf(__("Settings changed by %1$s: %2$s", "paydesk"), who, fields);
		}
		case "fraud_rules.updated":
			/* translators: %s: who changed the fraud rules. */
			return sprintf(__("Fraud rules changed by %s", "paydesk"), who);
		case "export.requested":
			return text(details.email)
				? /* translators: 1: what was exported, e.g. transactions, 2: who asked, 3: an e-mail address. */
					sprintf(
						__("Export of %1$s by %2$s, sent to %3$s", "paydesk"),
						text(details.kind),
						who,
						text(details.email),
					)
				: /* translators: 1: what was exported, e.g. transactions, 2: who downloaded it. */
					sprintf(__("Export of %1$s downloaded by %2$s", "paydesk"), text(details.kind), who);
		case "login.succeeded":
			/* translators: %s: a login name. */
			return sprintf(__("%s logged in", "paydesk"), who);
		case "login.failed":
			/* translators: %s: the login name tried. */
			return sprintf(__("Failed login as %s", "paydesk"), who);
		case "two_factor.enabled":
			/* translators: %s: a login name. */
			return sprintf(__("Two-factor sign-in turned on by %s", "paydesk"), who);
		case "two_factor.disabled":
			/* translators: %s: a login name. */
			return sprintf(__("Two-factor sign-in turned off by %s", "paydesk"), who);
		case "password.changed":
			/* translators: %s: a login name. */
			return sprintf(__("Password changed by %s", "paydesk"), who);
		case "sessions.ended":
			/* translators: %s: a login name. */
			return sprintf(__("Other sessions logged out by %s", "paydesk"), who);
		case "app_password.created":
			/* translators: %s: a login name. */
			return sprintf(__("Application password created by %s", "paydesk"), who);
		case "app_password.revoked":
			/* translators: %s: a login name. */
			return sprintf(__("Application password revoked by %s", "paydesk"), who);
		case "api_key.created":
			/* translators: 1: an API key's name, 2: who created it. */
			return sprintf(__("API key “%1$s” created by %2$s", "paydesk"), entry.object_id ?? "", who);
		case "api_key.rolled":
			/* translators: 1: an API key's name, 2: who rolled it. */
			return sprintf(__("API key “%1$s” rolled by %2$s", "paydesk"), entry.object_id ?? "", who);
		case "webhook_endpoint.updated":
			/* translators: 1: a webhook endpoint's id, 2: who changed it. */
			return sprintf(__("Webhook endpoint %1$s changed by %2$s", "paydesk"), entry.object_id ?? "", who);
		case "user.role_changed":
			/* translators: 1: a user's id, 2: who changed their role. */
			return sprintf(__("Role of user %1$s changed by %2$s", "paydesk"), entry.object_id ?? "", who);
	}
}
