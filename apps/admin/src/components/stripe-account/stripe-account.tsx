/**
 * "Use my Stripe account" on the connect page: a secret key (a restricted key is recommended,
 * with the permissions listed here, the same list the server checks), checked by the server
 * against the account before anything is kept. While it checks, the form says so; a refusal is
 * shown in the form in the server's words (Stripe's reason included). Once connected, the panel
 * shows the Stripe account and the key's last four characters, with "Disconnect". Only
 * administrators connect or disconnect.
 */
import {
	STRIPE_KEY_PERMISSIONS,
	STRIPE_SYNC_KINDS,
	type StripeConnection,
	type StripeSyncKind,
} from "@paydesk/contract/stripe-account";
import { Button, Notice, Panel, PanelBody, ProgressBar, Spinner, TextControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { type FormEvent, useState } from "react";
import { ADMIN_PATHS } from "../../app/paths.ts";
import { adminUrl } from "../../app/router.tsx";
import { userCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import {
	useConnectStripe,
	useDisconnectStripe,
	useStripeConnection,
	useStripeSync,
} from "../../data/stripe-account.ts";
import { formatStoreDateTime } from "../format.ts";
import { accessLabel, resourceLabel } from "../stripe-permissions.ts";
import { fieldErrorsOf } from "../wp-options-form/field-errors.ts";
import "./stripe-account.css";

function PermissionList() {
	return (
		<>
			<p id="paydesk-stripe-permissions-intro">
				{__(
					"A restricted key (rk_…) is recommended. Give it these permissions; a secret key (sk_…) works too.",
					"paydesk",
				)}
			</p>
			<ul className="paydesk-stripe-account__permissions" aria-labelledby="paydesk-stripe-permissions-intro">
				{STRIPE_KEY_PERMISSIONS.map((permission) => (
					<li key={permission.resource}>
						<strong>{resourceLabel(permission.resource)}</strong>: {accessLabel(permission.access)}
					</li>
				))}
			</ul>
		</>
	);
}

/** What the server said was wrong: the refused field's message, or its message. */
function refusalOf(error: Error): string {
	const fields = Object.values(fieldErrorsOf(error, { secret_key: __("Secret key", "paydesk") }));
	return fields.length > 0 ? fields.join(" ") : error.message;
}

function StripeKeyForm() {
	const [key, setKey] = useState("");
	const connect = useConnectStripe();

	const submit = (event: FormEvent) => {
		event.preventDefault();
		if (key.trim() === "" || connect.isPending) return;
		connect.mutate(key.trim(), { onSuccess: () => setKey("") });
	};

	return (
		<form className="paydesk-stripe-account__form" onSubmit={submit} aria-busy={connect.isPending}>
			<PermissionList />
			<TextControl
				label={__("Secret key", "paydesk")}
				type="password"
				autoComplete="off"
				spellCheck={false}
				value={key}
				onChange={(value) => {
					setKey(value);
					if (connect.isError) connect.reset();
				}}
				disabled={connect.isPending}
				help={__("Paydesk checks the key with Stripe before keeping it, encrypted.", "paydesk")}
				__next40pxDefaultSize
			/>
			{connect.isError && (
				<Notice status="error" isDismissible={false}>
					<span role="alert">{refusalOf(connect.error)}</span>
				</Notice>
			)}
			<div className="paydesk-stripe-account__actions">
				<Button
					type="submit"
					variant="primary"
					isBusy={connect.isPending}
					disabled={connect.isPending || key.trim() === ""}
					accessibleWhenDisabled
					__next40pxDefaultSize
				>
					{connect.isPending ? __("Checking the key…", "paydesk") : __("Connect", "paydesk")}
				</Button>
				{connect.isPending && (
					<span role="status" className="paydesk-stripe-account__progress">
						<Spinner />
						{__("Checking the key's access to your Stripe account…", "paydesk")}
					</span>
				)}
			</div>
		</form>
	);
}

function syncKindLabels(): Record<StripeSyncKind, string> {
	return {
		customers: __("Customers", "paydesk"),
		payment_intents: __("Payment intents", "paydesk"),
		charges: __("Charges", "paydesk"),
		refunds: __("Refunds", "paydesk"),
		disputes: __("Disputes", "paydesk"),
		balance_transactions: __("Balance transactions", "paydesk"),
		payouts: __("Payouts", "paydesk"),
	};
}

/**
 * Where the copy stands: while the history is imported, a progress bar over the kinds of records
 * (their totals are not known before the end), the records taken per kind and the rate; then how
 * fresh the copy is, by the newest event Stripe sent.
 */
function SyncState() {
	const sync = useStripeSync();
	if (!sync.data) return null;
	const { status, counts, kinds_done: done, rate_per_second: rate, last_error: error } = sync.data;
	const labels = syncKindLabels();
	const progress = Math.round((done.length / STRIPE_SYNC_KINDS.length) * 100);
	return (
		<div className="paydesk-stripe-account__sync">
			<p role="status">
				{status === "importing"
					? __("Importing your Stripe history…", "paydesk")
					: status === "error"
						? __("The import of your Stripe history stopped on an error.", "paydesk")
						: __("Your Stripe history is imported, and kept up to date.", "paydesk")}
			</p>
			{status === "importing" && (
				<ProgressBar
					value={progress}
					className="paydesk-stripe-account__progress"
					aria-label={sprintf(
						/* translators: %d: a percentage */
						__("History import, %d%% of the kinds of records", "paydesk"),
						progress,
					)}
				/>
			)}
			{error && (
				<Notice status={status === "error" ? "error" : "warning"} isDismissible={false}>
					{error}
				</Notice>
			)}
			<ul className="paydesk-stripe-account__counts">
				{STRIPE_SYNC_KINDS.map((kind) => (
					<li key={kind}>
						{sprintf(
							/* translators: 1: a kind of record, e.g. Charges; 2: how many were imported */
							__("%1$s: %2$s", "paydesk"),
							labels[kind],
							counts[kind].toLocaleString(),
						)}
						{done.includes(kind) ? ` ${__("(done)", "paydesk")}` : ""}
					</li>
				))}
			</ul>
			{rate !== null && (
				<p>
					{sprintf(
						/* translators: %s: a number of records */
						__("%s records a second.", "paydesk"),
						rate.toLocaleString(),
					)}
				</p>
			)}
			<p className="paydesk-stripe-account__freshness">
				{sync.data.last_event_at === null
					? __("No event has come from Stripe yet.", "paydesk")
					: sprintf(
							/* translators: %s: a date and time in the store's format */
							__("Newest event from Stripe: %s.", "paydesk"),
							formatStoreDateTime(sync.data.last_event_at),
						)}
			</p>
		</div>
	);
}

function ConnectedAccount({ connection, canChange }: { connection: StripeConnection; canChange: boolean }) {
	const disconnect = useDisconnectStripe();
	return (
		<div className="paydesk-stripe-account__connected">
			<p>
				{sprintf(
					/* translators: %s: the Stripe account's id, e.g. acct_1Hs… */
					__("Connected to the Stripe account %s.", "paydesk"),
					connection.stripe_account_id,
				)}{" "}
				{connection.stripe_account_name && <strong>{connection.stripe_account_name}</strong>}
			</p>
			<p>
				{sprintf(
					/* translators: %s: the key's last four characters */
					connection.key_kind === "restricted"
						? __("Restricted key ending in %s.", "paydesk")
						: __("Secret key ending in %s.", "paydesk"),
					connection.key_last4,
				)}
			</p>
			<SyncState />
			{/* A full load: the menu and the screens follow the account, connected now. */}
			<Button variant="primary" href={adminUrl(ADMIN_PATHS.overview)} __next40pxDefaultSize>
				{__("Go to Payments", "paydesk")}
			</Button>
			{disconnect.isError && (
				<Notice status="error" isDismissible={false}>
					<span role="alert">{disconnect.error.message}</span>
				</Notice>
			)}
			{canChange && (
				<Button
					variant="secondary"
					isDestructive
					isBusy={disconnect.isPending}
					disabled={disconnect.isPending}
					accessibleWhenDisabled
					onClick={() => disconnect.mutate()}
					__next40pxDefaultSize
				>
					{__("Disconnect", "paydesk")}
				</Button>
			)}
		</div>
	);
}

function StripeAccountBody() {
	const canChange = userCan(getSettings(), "manage_options");
	const connection = useStripeConnection();
	if (connection.isPending) return <Spinner />;
	if (connection.isError) {
		return (
			<Notice status="error" isDismissible={false}>
				{connection.error.message}
			</Notice>
		);
	}
	if (connection.data.connected)
		return <ConnectedAccount connection={connection.data} canChange={canChange} />;
	if (!canChange) return <p>{__("Only an administrator can connect a Stripe account.", "paydesk")}</p>;
	return <StripeKeyForm />;
}

/** On the connect page (closed until asked), and on the settings of an account connected to Stripe (open). */
export function StripeAccountPanel({ initialOpen = false }: { initialOpen?: boolean }) {
	return (
		<Panel className="paydesk-connect__stripe-account">
			<PanelBody title={__("Use my Stripe account", "paydesk")} initialOpen={initialOpen}>
				<StripeAccountBody />
			</PanelBody>
		</Panel>
	);
}
