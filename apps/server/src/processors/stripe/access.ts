/**
 * How this server reaches Stripe for connected accounts: one StripeClients (so every request with
 * one key, from a money action, the import or the events, shares the key's throttle), and the
 * application key that opens the stored keys (secrets/app-key.ts). A server with no application
 * key answers so, in the REST error shape, when a stored key is needed.
 */
import { STRIPE_ACCOUNT_ERRORS } from "@paydesk/contract/stripe-account";
import type { AppConfig } from "../../app-deps.ts";
import type { Db } from "../../db/connection.ts";
import { RestError } from "../../http/rest-error.ts";
import { AppKeyMissing, appKeyProvider } from "../../secrets/app-key.ts";
import { StripeClients } from "./client.ts";

export interface StripeAccess {
	clients: StripeClients;
	appKey: () => Buffer;
}

export function stripeAccess(db: Db, config: AppConfig): StripeAccess {
	const provider = appKeyProvider({ envKey: config.secretKey, dataDir: config.dataDir, dialect: db.dialect });
	return {
		clients: new StripeClients({ apiBase: config.stripeApiBase, maxRps: config.stripeMaxRps }),
		appKey: () => {
			try {
				return provider();
			} catch (error) {
				if (error instanceof AppKeyMissing) {
					throw new RestError(STRIPE_ACCOUNT_ERRORS.secretKeyMissing, error.message, 500);
				}
				throw error;
			}
		},
	};
}
