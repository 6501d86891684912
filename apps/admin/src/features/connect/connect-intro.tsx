/** The greeting, the identity-verification box with its modal, and the three terms (spec 1 §1, §2.1). */
import { Button } from "@wordpress/components";
import { __, _x, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { IdentityVerificationModal } from "./connect-modals.tsx";

export function ConnectHeading({ firstName, productName }: { firstName: string; productName: string }) {
	const name = firstName.trim();
	return (
		<header className="paydesk-connect__heading">
			<h2>
				{name
					? sprintf(
							/* translators: %s: the user's first name */ __("Hi %s, let's get your store paid", "paydesk"),
							name,
						)
					: __("Let's get your store paid", "paydesk")}
			</h2>
			<p>
				{sprintf(
					/* translators: %s: product name */
					__(
						"Accept cards, wallets and local payment methods with %s. No setup costs or monthly fees.",
						"paydesk",
					),
					productName,
				)}
			</p>
		</header>
	);
}

export function IdentityVerificationInfo() {
	const [open, setOpen] = useState(false);
	return (
		<div className="paydesk-connect__info">
			<p>
				{__(
					"To keep payments safe, our financial partner verifies who you are and a few details of your business.",
					"paydesk",
				)}{" "}
				<Button variant="link" onClick={() => setOpen(true)}>
					{__("Learn more about verification", "paydesk")}
				</Button>
			</p>
			{open && <IdentityVerificationModal onClose={() => setOpen(false)} />}
		</div>
	);
}

export function ConnectTerms() {
	return (
		<ul className="paydesk-connect__terms">
			<li>
				<strong>{__("Payouts", "paydesk")}</strong> {__("Automatic, every day", "paydesk")}
			</li>
			<li>
				<strong>{_x("Capture", "noun: when a payment is captured", "paydesk")}</strong>{" "}
				{__("When the order is placed", "paydesk")}
			</li>
			<li>
				<strong>{__("Recurring payments", "paydesk")}</strong> {__("Supported", "paydesk")}
			</li>
		</ul>
	);
}
