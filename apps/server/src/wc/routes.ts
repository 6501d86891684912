/**
 * WooCommerce's own REST routes (/wp-json/wc/v3, outside Payments): the settings API of the
 * store's general group (packages/contract/store-settings).
 */
import {
	BATCH_LIMIT,
	type BatchItemError,
	batchUpdateGeneralSettings,
	getGeneralSetting,
	listGeneralSettings,
	SETTING_ERRORS,
	updateGeneralSetting,
} from "@paydesk/contract/store-settings";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { contractRoute } from "../http/contract-route.ts";
import { RestError } from "../http/rest-error.ts";
import { readGeneralSetting, readGeneralSettings, updateGeneralSettings } from "./settings-store.ts";

/** A refused batch item, answered in its place as WooCommerce's batch does. */
function itemError(id: string, error: RestError): BatchItemError {
	return {
		id,
		error: { code: error.code, message: error.message, data: { status: error.status, ...error.data } },
	};
}

export function registerWcRoutes(app: FastifyInstance, deps: AppDeps): void {
	const { db } = deps;

	contractRoute(app, listGeneralSettings, async ({ accountId }) => readGeneralSettings(db.kysely, accountId));

	contractRoute(app, getGeneralSetting, async ({ accountId, params }) =>
		readGeneralSetting(db.kysely, accountId, params.id),
	);

	contractRoute(app, updateGeneralSetting, async ({ accountId, params, body }) => {
		const [result] = await updateGeneralSettings(db.kysely, accountId, [
			{ id: params.id, value: body.value },
		]);
		if (!result || result instanceof RestError) throw result;
		return result;
	});

	contractRoute(app, batchUpdateGeneralSettings, async ({ accountId, body }) => {
		if (body.update.length > BATCH_LIMIT) {
			throw new RestError(
				SETTING_ERRORS.tooManyItems,
				`Unable to accept more than ${BATCH_LIMIT} items for this request.`,
				413,
			);
		}
		const results = await updateGeneralSettings(db.kysely, accountId, body.update);
		return {
			update: results.map((result, index) =>
				result instanceof RestError ? itemError(body.update[index]?.id ?? "", result) : result,
			),
		};
	});
}
