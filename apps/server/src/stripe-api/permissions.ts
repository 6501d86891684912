/**
 * What a restricted key (rk_…) may do on `/v1`. Every route needs one resource, read or write:
 * by default the method says which (GET reads; POST and DELETE write) and the path says what
 * (the last of its segments that names a resource: /customers/:id/payment_methods reads payment
 * methods, /payment_intents/:id/capture writes PaymentIntents). A route whose path names none
 * declares its permission itself; registering one that does neither fails at start, so no route
 * is left open to every restricted key.
 *
 * A key's permissions are checked before the route runs: write implies read, a resource left out
 * is none. A refusal is a 403 of type invalid_request_error without a code, as Stripe answers it
 * (its SDKs raise their permission error), naming the permission that would allow the call in
 * Stripe's form rak_<permission>_<read|write>.
 */
import {
	type ApiKeyPermissions,
	type KeyAccess,
	RESTRICTED_KEY_RESOURCES,
	type RestrictedKeyResource,
	restrictedPermissionName,
} from "@paydesk/contract/developers";
import { StripeApiError } from "./errors.ts";
import { type ApiKeyIdentity, maskedKey } from "./keys.ts";

export interface V1Permission {
	resource: RestrictedKeyResource;
	access: KeyAccess;
}

const isResource = (segment: string): segment is RestrictedKeyResource =>
	Object.hasOwn(RESTRICTED_KEY_RESOURCES, segment);

/** The permission a route needs, from its method and path (under /v1); null when its path names no resource. */
export function permissionOfRoute(method: "GET" | "POST" | "DELETE", path: string): V1Permission | null {
	const resource = path
		.split("/")
		.filter((segment) => segment !== "" && !segment.startsWith(":"))
		.reverse()
		.find(isResource);
	if (!resource) return null;
	return { resource, access: method === "GET" ? "read" : "write" };
}

/** Whether permissions allow an access: write implies read. */
export function allows(permissions: ApiKeyPermissions, needed: V1Permission): boolean {
	const granted = permissions[needed.resource];
	return granted === "write" || (granted === "read" && needed.access === "read");
}

/** Refuses a restricted key the route's permission does not allow; other keys pass. */
export function checkKeyPermission(
	key: ApiKeyIdentity,
	needed: V1Permission | undefined,
	presented: string,
): void {
	if (key.kind !== "restricted" || !needed) return;
	if (allows(key.permissions ?? {}, needed)) return;
	const masked = maskedKey({ prefix: `rk_${key.livemode ? "live" : "test"}_`, last4: presented.slice(-4) });
	throw new StripeApiError(403, {
		type: "invalid_request_error",
		message: `The restricted key ${masked} may not make this request on account '${key.accountId}': it needs the '${restrictedPermissionName(needed.resource, needed.access)}' permission, which an administrator can give it in Payments › Developers › API keys.`,
	});
}
