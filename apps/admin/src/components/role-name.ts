/**
 * The name a role is shown by: WordPress's for its own and WooCommerce's roles, and Paydesk's
 * for its read-only payments_viewer. Every role of contract/wp.ts ROLES has one (the type says
 * so); a role the store does not know is shown as it is stored.
 */
import type { Role } from "@paydesk/contract/wp";
import { __ } from "@wordpress/i18n";

const ROLE_NAMES: Readonly<Record<Role, () => string>> = {
	administrator: () => __("Administrator", "paydesk"),
	shop_manager: () => __("Shop manager", "paydesk"),
	payments_viewer: () => __("Payments viewer", "paydesk"),
	customer: () => __("Customer", "paydesk"),
};

export function roleName(role: string): string {
	return Object.hasOwn(ROLE_NAMES, role) ? ROLE_NAMES[role as Role]() : role;
}
