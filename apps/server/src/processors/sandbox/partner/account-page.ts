/**
 * The partner's account page (the accountLink of the account status): the merchant sees the
 * account as the partner holds it and can give new bank details for a payout account whose
 * payouts fail.
 */

import { type ExternalAccountRow, externalAccountsOf, requirementsOf } from "../../../accounts/documents.ts";
import type { AccountsTable } from "../../../db/schema.ts";
import { escapeHtml } from "../../../http/html.ts";
import { onboardingRecordOf } from "../onboarding.ts";
import { PARTNER_NAME, partnerPage } from "./pages.ts";

export interface AccountPageView {
	row: AccountsTable;
	nonce: string;
	/** Whether the store is connected to its content-platform account. */
	platformConnected: boolean;
	/** Feedback after a bank details update. */
	message?: { kind: "success" | "error"; text: string };
	/** The currency whose bank details form failed validation, with its error. */
	formError?: { currency: string; text: string };
}

function bankRow(account: ExternalAccountRow, view: AccountPageView): string {
	const errored = account.status === "errored";
	const error = view.formError?.currency === account.currency ? view.formError.text : "";
	const id = `bank-${escapeHtml(account.currency)}`;
	const form = errored
		? `<form method="post" action="/sandbox-partner/account/bank-details" class="partner-inline-form">
<input type="hidden" name="_wpnonce" value="${escapeHtml(view.nonce)}">
<input type="hidden" name="currency" value="${escapeHtml(account.currency)}">
<div class="partner-field${error ? " has-error" : ""}"><label for="${id}">New bank account number</label>
<input id="${id}" name="bank_account_number" inputmode="numeric" autocomplete="off"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""}>
${error ? `<p class="partner-error" id="${id}-error">${escapeHtml(error)}</p>` : ""}</div>
<button type="submit" class="partner-primary">Update bank details</button></form>`
		: "";
	return `<li class="partner-bank${errored ? " is-errored" : ""}">
<p><strong>${escapeHtml(account.bank_name)}</strong> •••• ${escapeHtml(account.last4)} · ${escapeHtml(account.currency.toUpperCase())} ·
<span class="partner-status">${errored ? "Payouts to this account failed" : escapeHtml(account.status)}</span></p>${form}</li>`;
}

/**
 * The store's connection to its content-platform account. A test account can lose it here on
 * purpose, standing in for a site whose connection broke (its address changed, its connection was
 * removed), so the store's reconnect task can be tried.
 */
function connectionSection(view: AccountPageView): string {
	if (!view.platformConnected) {
		return `<h2>Store connection</h2><p>Your store's connection was lost. Reconnect it from your store's payments overview.</p>`;
	}
	if (!view.row.test_mode) return "";
	return `<h2>Store connection</h2><p>Your store is connected.</p>
<form method="post" action="/sandbox-partner/account/disconnect" class="partner-inline-form">
<input type="hidden" name="_wpnonce" value="${escapeHtml(view.nonce)}">
<p class="partner-hint-text">Test mode: disconnecting stands in for a store whose site connection broke.</p>
<button type="submit" class="partner-secondary">Disconnect the store</button></form>`;
}

export function accountPage(view: AccountPageView): string {
	const { row } = view;
	const record = onboardingRecordOf(row);
	const externals = externalAccountsOf(row);
	const requirements = requirementsOf(row);
	const message = view.message
		? `<div class="partner-alert is-${view.message.kind}" role="${view.message.kind === "error" ? "alert" : "status"}">${escapeHtml(view.message.text)}</div>`
		: "";
	const details = [
		["Account", row.id],
		["Status", row.connected ? row.status : "not connected"],
		["Mode", row.test_mode ? "Test" : "Live"],
		["Country", row.country],
		["Business", record.data?.business_name ?? row.name],
		...(record.capabilities?.length ? [["Capabilities", record.capabilities.join(", ")]] : []),
		...Object.entries(record.verification?.summary ?? {}).map(([key, value]) => [
			key.replace(/_/g, " "),
			value,
		]),
	];
	const body = `<main class="partner-card partner-wide">
<p class="partner-brand">${PARTNER_NAME}${row.test_mode ? ' <span class="partner-badge">Test mode</span>' : ""}</p>
<h1>Your account</h1>
${message}
<dl class="partner-details">${details
		.map(([key, value]) => `<dt>${escapeHtml(key ?? "")}</dt><dd>${escapeHtml(value ?? "")}</dd>`)
		.join("")}</dl>
${
	requirements.length
		? `<h2>Information needed</h2><ul class="partner-requirements">${requirements
				.map((r) => `<li><code>${escapeHtml(r.code)}</code> ${escapeHtml(r.reason)}</li>`)
				.join("")}</ul>
<p><a class="partner-primary" href="/wp-admin/admin.php?page=wc-admin&amp;path=/payments/onboarding/kyc">Provide the information</a></p>`
		: ""
}
${connectionSection(view)}
<h2>Payout accounts</h2>
${externals.length ? `<ul class="partner-banks">${externals.map((a) => bankRow(a, view)).join("")}</ul>` : "<p>No payout account yet.</p>"}
<p><a class="partner-secondary" href="/wp-admin/admin.php?page=wc-admin&amp;path=/payments/overview">Back to your store</a></p>
</main>`;
	return partnerPage("Your account", body);
}
