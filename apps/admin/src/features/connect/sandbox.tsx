/**
 * The sandbox option in the 'I'm setting up a store for someone else' panel, and the
 * full-screen 'Finishing payments setup' preloader shown while the sandbox account is made.
 */
import { Button, Panel, PanelBody, ProgressBar } from "@wordpress/components";
import { __ } from "@wordpress/i18n";

export function SandboxPanel({ onStart, disabled }: { onStart: () => void; disabled: boolean }) {
	return (
		<Panel className="paydesk-connect__sandbox">
			<PanelBody title={__("I'm setting up a store for someone else", "paydesk")} initialOpen={false}>
				<p>
					{__(
						"Set up a sandbox account to try payments with test cards. No business details are needed: the store owner verifies the business and activates live payments later.",
						"paydesk",
					)}
				</p>
				<Button
					variant="secondary"
					onClick={onStart}
					disabled={disabled}
					accessibleWhenDisabled
					__next40pxDefaultSize
				>
					{__("Enable sandbox mode", "paydesk")}
				</Button>
			</PanelBody>
		</Panel>
	);
}

export function SandboxPreloader({ progress }: { progress: number }) {
	return (
		<div
			className="paydesk-connect__preloader"
			role="dialog"
			aria-modal="true"
			aria-labelledby="paydesk-preloader-title"
		>
			<div className="paydesk-connect__preloader-box">
				<h2 id="paydesk-preloader-title">{__("Finishing payments setup", "paydesk")}</h2>
				<p>{__("We're setting up your sandbox account. This takes a few seconds.", "paydesk")}</p>
				<ProgressBar value={progress} className="paydesk-connect__progress" />
				<span className="screen-reader-text" role="status">
					{`${progress}%`}
				</span>
			</div>
		</div>
	);
}
