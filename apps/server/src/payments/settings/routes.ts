/** Settings routes (spec 2 §7, spec 3 §7): the entity, one option, the Stripe Billing migration. */
import {
	getPaymentSettings,
	SETTINGS_ERRORS,
	savePaymentSettings,
	saveSettingOption,
	scheduleStripeBillingMigration,
} from "@paydesk/contract/settings";
import type { FastifyInstance } from "fastify";
import { auditActorOf } from "../../audit/record.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { writeOptions } from "../../wp/queries.ts";
import { migrateStripeBilling, NothingToMigrate, readSettings, saveSettings } from "./queries.ts";

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, getPaymentSettings, async ({ accountId }) => readSettings(db, accountId));

	contractRoute(app, savePaymentSettings, async ({ accountId, body, request, clock }) => ({
		data: await saveSettings(db, accountId, body, app.processorFor(accountId), {
			actor: auditActorOf(request),
			now: clock.seconds(),
		}),
	}));

	contractRoute(app, scheduleStripeBillingMigration, async ({ accountId }) => {
		try {
			const settings = await migrateStripeBilling(db, accountId);
			return {
				success: true as const,
				stripe_billing_subscription_count: settings.stripe_billing_subscription_count,
				stripe_billing_migrated_count: settings.stripe_billing_migrated_count,
			};
		} catch (error) {
			if (error instanceof NothingToMigrate)
				throw new RestError(
					SETTINGS_ERRORS.nothingToMigrate,
					"There are no Stripe Billing subscriptions left to migrate.",
					400,
				);
			throw error;
		}
	});

	contractRoute(app, saveSettingOption, async ({ accountId, params, body }) => {
		await writeOptions(db.kysely, accountId, { [params.option]: body.value });
		return { success: true as const };
	});
}
