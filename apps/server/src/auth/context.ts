import type { Role } from "@paydesk/contract/wp";

export interface AuthUser {
	id: number;
	accountId: string;
	login: string;
	email: string;
	role: Role;
	firstName: string;
	lastName: string;
	displayName: string;
}

export interface RequestAuth {
	user: AuthUser | null;
	via: "cookie" | "application-password" | null;
	/** Hash of the session cookie token, when the request carries a live session. */
	sessionId: string | null;
	/** The application password's uuid, when the request signed in with one. */
	applicationPasswordId: string | null;
	/** The per-session secret REST nonces are derived from. */
	nonceSecret: string | null;
}

declare module "fastify" {
	interface FastifyRequest {
		auth: RequestAuth;
	}
}

/**
 * What each role may do, as WordPress grants it: store management (spec 3 §2:
 * manage_woocommerce) to administrators and shop managers, and reading the payments
 * (view_woocommerce_reports, WooCommerce's own capability for its reports) to them and to the
 * payments viewer, who changes nothing.
 */
const CAPABILITIES: Record<Role, readonly string[]> = {
	administrator: ["view_woocommerce_reports", "manage_woocommerce", "manage_options", "edit_users", "read"],
	shop_manager: ["view_woocommerce_reports", "manage_woocommerce", "read"],
	payments_viewer: ["view_woocommerce_reports", "read"],
	customer: ["read"],
};

/** Whether a role (as stored: any text) holds the capability. */
export function roleCan(role: string, capability: string): boolean {
	return (CAPABILITIES[role as Role] ?? []).includes(capability);
}

export function can(user: AuthUser | null, capability: string): boolean {
	return user !== null && roleCan(user.role, capability);
}

export function capabilitiesOf(role: Role): Record<string, boolean> {
	return Object.fromEntries((CAPABILITIES[role] ?? []).map((c) => [c, true]));
}
