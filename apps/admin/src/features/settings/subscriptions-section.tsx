/** Built-in subscriptions and Stripe Billing, with the migration of Stripe Billing subscriptions. */
import { Button, CheckboxControl } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useStripeBillingMigration } from "../../data/settings.ts";
import type { SectionProps } from "./section-props.ts";
import { SettingsSection } from "./settings-section.tsx";

function StripeBillingMigration({ subscriptions, migrated }: { subscriptions: number; migrated: number }) {
	const migrate = useStripeBillingMigration();
	return (
		<div className="paydesk-settings-note">
			<p>
				{sprintf(
					/* translators: %d: how many subscriptions are billed by Stripe Billing */
					_n(
						"%d subscription uses Stripe Billing.",
						"%d subscriptions use Stripe Billing.",
						subscriptions,
						"paydesk",
					),
					subscriptions,
				)}{" "}
				{sprintf(
					/* translators: %d: how many of those subscriptions were moved to on-site billing */
					_n(
						"%d has been moved to on-site billing.",
						"%d have been moved to on-site billing.",
						migrated,
						"paydesk",
					),
					migrated,
				)}
			</p>
			{migrated < subscriptions && (
				<Button
					variant="secondary"
					isBusy={migrate.isPending}
					disabled={migrate.isPending}
					onClick={() => migrate.mutate()}
				>
					{__("Migrate subscriptions", "paydesk")}
				</Button>
			)}
		</div>
	);
}

export function SubscriptionsSection({
	draft,
	edit,
	server,
}: SectionProps & { server: SectionProps["draft"] }) {
	if (!draft.is_wcpay_subscriptions_eligible && !draft.is_subscriptions_plugin_active) return null;
	return (
		<SettingsSection
			id="subscriptions"
			title={__("Subscriptions", "paydesk")}
			description={__("Recurring payments for subscription products.", "paydesk")}
		>
			{draft.is_subscriptions_plugin_active && (
				<p className="paydesk-settings-note">
					{__("The store's subscriptions extension is active.", "paydesk")}
				</p>
			)}
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Enable built-in subscriptions", "paydesk")}
				checked={draft.is_wcpay_subscriptions_enabled}
				disabled={!draft.is_wcpay_subscriptions_eligible}
				onChange={(is_wcpay_subscriptions_enabled) => edit({ is_wcpay_subscriptions_enabled })}
			/>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Enable Stripe Billing for future subscriptions", "paydesk")}
				checked={draft.is_stripe_billing_enabled}
				onChange={(is_stripe_billing_enabled) => edit({ is_stripe_billing_enabled })}
			/>
			{server.is_migrating_stripe_billing && (
				<p className="paydesk-settings-note">
					{__("Stripe Billing subscriptions are being migrated.", "paydesk")}
				</p>
			)}
			{server.stripe_billing_subscription_count > 0 && !server.is_stripe_billing_enabled && (
				<StripeBillingMigration
					subscriptions={server.stripe_billing_subscription_count}
					migrated={server.stripe_billing_migrated_count}
				/>
			)}
		</SettingsSection>
	);
}
