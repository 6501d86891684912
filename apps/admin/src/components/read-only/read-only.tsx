/**
 * What a payments viewer, who reads the payments and changes nothing, meets where others change
 * things: a screen's settings shown but not changeable, under one short notice that says why, and
 * an action left disabled with the same reason. Screens ask `useCan("manage_woocommerce")`
 * (app/routes.ts) and hide what makes no sense to show instead.
 */
import "./read-only.css";
import { Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { ReactNode } from "react";

/** Why an action is not offered: the user's role reads the payments but does not change them. */
export function readOnlyReason(): string {
	return __("Your role can view payments but not change them.", "paydesk");
}

/**
 * The controls of a form, disabled as one when `readOnly` (a disabled fieldset disables every
 * input, select and button in it, so no control is missed), with a notice above them.
 */
export function ReadOnlyFieldset({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
	if (!readOnly) return children;
	return (
		<>
			<Notice status="info" isDismissible={false} className="paydesk-notice paydesk-read-only__notice">
				{__("You can view these settings, but your role cannot change them.", "paydesk")}
			</Notice>
			<fieldset disabled className="paydesk-read-only">
				{children}
			</fieldset>
		</>
	);
}

/** The reason beside a disabled action, in the page's muted text. */
export function ReadOnlyReason({ id }: { id?: string }) {
	return (
		<p id={id} className="paydesk-read-only__reason">
			{readOnlyReason()}
		</p>
	);
}
