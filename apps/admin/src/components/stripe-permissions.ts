/**
 * Permissions of Stripe's API as the screens name them: each resource by its name in Stripe's
 * dashboard, None / Read / Write, and the one-line summary of a key's. The restricted keys a
 * developer makes and the key a merchant connects their Stripe account with are described alike.
 * The resources and which of them can be written come from the route's contract.
 */
import {
	type ApiKeyPermissions,
	type KeyAccess,
	RESTRICTED_KEY_RESOURCE_NAMES,
	RESTRICTED_KEY_RESOURCES,
	type RestrictedKeyResource,
} from "@paydesk/contract/developers";
import { __, sprintf } from "@wordpress/i18n";

/** Functions, so each name is in the page language when it is shown. */
const RESOURCE_LABELS: Record<RestrictedKeyResource, () => string> = {
	account: () => __("Account", "paydesk"),
	balance: () => __("Balance", "paydesk"),
	balance_transactions: () => __("Balance transactions", "paydesk"),
	charges: () => __("Charges", "paydesk"),
	customers: () => __("Customers", "paydesk"),
	disputes: () => __("Disputes", "paydesk"),
	events: () => __("Events", "paydesk"),
	files: () => __("Files", "paydesk"),
	payment_intents: () => __("PaymentIntents", "paydesk"),
	payment_methods: () => __("PaymentMethods", "paydesk"),
	payouts: () => __("Payouts", "paydesk"),
	refunds: () => __("Refunds", "paydesk"),
	reviews: () => __("Reviews", "paydesk"),
	webhook_endpoints: () => __("Webhook endpoints", "paydesk"),
};

export const resourceLabel = (resource: RestrictedKeyResource): string => RESOURCE_LABELS[resource]();

/** What a resource may be given: write only where the API can write it. */
export const accessChoices = (resource: RestrictedKeyResource): ("none" | KeyAccess)[] =>
	RESTRICTED_KEY_RESOURCES[resource].writable ? ["none", "read", "write"] : ["none", "read"];

export const accessLabel = (access: "none" | KeyAccess): string =>
	access === "write"
		? __("Write", "paydesk")
		: access === "read"
			? __("Read", "paydesk")
			: __("None", "paydesk");

/** "Charges: Read, Refunds: Write", in the resources' order. */
export function permissionsSummary(permissions: ApiKeyPermissions): string {
	const granted = RESTRICTED_KEY_RESOURCE_NAMES.flatMap((resource) => {
		const access = permissions[resource];
		return access
			? [
					sprintf(
						/* translators: %1$s: a resource of the API such as Charges, %2$s: Read or Write */
						__("%1$s: %2$s", "paydesk"),
						resourceLabel(resource),
						accessLabel(access),
					),
				]
			: [];
	});
	return granted.length > 0 ? granted.join(", ") : __("No access", "paydesk");
}
