/**
 * /payments/fraud-protection (spec 3 §2.7): a breadcrumb back to the payments settings with the
 * header's Save Changes, the at-least-one-filter notice, the seven filter cards, and a footer.
 * A payments viewer reads the rules; every control and both saves are disabled for it.
 */
import { fraudMessages } from "@paydesk/domain/fraud-validation";
import { Button, Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { HeaderActions } from "../../app/header-actions.tsx";
import { Link, settingsUrl } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { ReadOnlyFieldset, readOnlyReason } from "../../components/read-only/read-only.tsx";
import { translator } from "../../components/translator.ts";
import { useUnsavedChanges } from "../../components/unsaved-changes/use-unsaved-changes.ts";
import { FraudCards } from "./fraud-cards.tsx";
import { type FraudPageState, useFraudProtection } from "./use-fraud-protection.ts";
import "./fraud-protection.css";

function SaveButton({ state }: { state: FraudPageState }) {
	const canChange = useCan("manage_woocommerce");
	const disabled = !canChange || state.saving || state.isLoading || state.loadFailed || !state.dirty;
	return (
		<Button
			variant="primary"
			onClick={state.save}
			disabled={disabled}
			accessibleWhenDisabled
			isBusy={state.saving}
			description={canChange ? undefined : readOnlyReason()}
		>
			{__("Save Changes", "paydesk")}
		</Button>
	);
}

/** Spec 3 §2.7: 20 loading lines while the settings load. */
const PLACEHOLDER_LINES = Array.from({ length: 20 }, (_, line) => `line-${line}`);

function LoadingLines() {
	return (
		<div className="paydesk-fraud-loading" aria-busy="true" role="status">
			<span className="screen-reader-text">{__("Loading…", "paydesk")}</span>
			{PLACEHOLDER_LINES.map((line) => (
				<div key={line} className="paydesk-placeholder-line" />
			))}
		</div>
	);
}

export default function FraudProtectionScreen() {
	const state = useFraudProtection();
	const canChange = useCan("manage_woocommerce");
	const messages = fraudMessages(translator);
	useUnsavedChanges(state.dirty && !state.saving, messages.unsavedChanges);
	const backToSettings = `${settingsUrl()}#fp-settings`;
	return (
		<div className="paydesk-page paydesk-fraud">
			<div className="paydesk-fraud__header">
				<nav aria-label={__("Fraud protection breadcrumb", "paydesk")}>
					<Link href={backToSettings}>{__("Payments Settings", "paydesk")}</Link>
					<span aria-hidden="true"> › </span>
					<span>{__("Advanced fraud protection", "paydesk")}</span>
				</nav>
				{/* Spec 3 §2.7: the second "Save Changes" sits in the admin header. */}
				<HeaderActions>
					<SaveButton state={state} />
				</HeaderActions>
			</div>
			{state.loadFailed && (
				<Notice status="error" isDismissible={false}>
					{messages.loadError}
				</Notice>
			)}
			{state.validationNotice && (
				<Notice status="error" onRemove={state.dismissValidationNotice}>
					{state.validationNotice}
				</Notice>
			)}
			<Notice status="info" isDismissible={false}>
				{messages.atLeastOneNotice}
			</Notice>
			{state.isLoading ? (
				<LoadingLines />
			) : (
				<ReadOnlyFieldset readOnly={!canChange}>
					<FraudCards state={state} />
				</ReadOnlyFieldset>
			)}
			<footer className="paydesk-fraud__footer">
				<Link className="components-button is-secondary" href={backToSettings}>
					{__("Back to Payments Settings", "paydesk")}
				</Link>
				<SaveButton state={state} />
			</footer>
		</div>
	);
}
