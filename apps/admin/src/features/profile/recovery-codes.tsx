/**
 * Recovery codes, shown once right after they were made: the list, a download of it, and
 * WordPress's warning that they cannot be seen again.
 */
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import { saveFile } from "../../components/save-file.ts";

export function RecoveryCodes({
	codes,
	doneLabel,
	onDone,
}: {
	codes: string[];
	doneLabel: string;
	onDone: () => void;
}) {
	const title = sprintf(
		/* translators: %s: the site's title */
		__("Two-Factor Recovery Codes for %s", "paydesk"),
		getSettings().siteTitle,
	);
	const listed = codes.map((code, index) => `${index + 1}. ${code}`).join("\r\n");
	return (
		<section className="paydesk-two-factor__codes" aria-labelledby="two-factor-codes-title">
			<h3 id="two-factor-codes-title">{__("Recovery Codes", "paydesk")}</h3>
			<p>
				{__(
					"Each code signs you in once in place of a code of your app, if you lose your phone. Keep them where you keep your passwords.",
					"paydesk",
				)}
			</p>
			<ol>
				{codes.map((code) => (
					<li key={code}>
						<code>{code}</code>
					</li>
				))}
			</ol>
			<p className="paydesk-options-form__help">
				{__(
					"Write these down! Once you navigate away from this page, you will not be able to view these codes again.",
					"paydesk",
				)}
			</p>
			<div className="paydesk-two-factor__actions">
				<Button
					variant="secondary"
					onClick={() =>
						saveFile(
							new Blob([`${title}\r\n\r\n${listed}\r\n`], { type: "text/plain" }),
							"two-factor-recovery-codes.txt",
						)
					}
				>
					{__("Download Codes", "paydesk")}
				</Button>
				<Button variant="primary" onClick={onDone}>
					{doneLabel}
				</Button>
			</div>
		</section>
	);
}
