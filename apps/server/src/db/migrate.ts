import { type Kysely, type Migration, Migrator } from "kysely";
import type { Db } from "./connection.ts";
import * as initial from "./migrations/0001-initial.ts";
import * as transactionRollups from "./migrations/0002-transaction-rollups.ts";
import * as paymentIntake from "./migrations/0003-payment-intake.ts";
import * as processorClock from "./migrations/0004-processor-clock.ts";
import * as filterIndexes from "./migrations/0005-filter-indexes.ts";
import * as searchTermsAndValueBands from "./migrations/0006-search-terms-and-value-bands.ts";
import * as smallerStore from "./migrations/0007-smaller-store.ts";
import * as accountEvents from "./migrations/0008-account-events.ts";
import * as lighterLedger from "./migrations/0009-lighter-ledger.ts";
import * as valueBandsByEveryFilter from "./migrations/0010-value-bands-by-every-filter.ts";
import * as requestKeys from "./migrations/0011-request-keys.ts";
import * as usageEvents from "./migrations/0012-usage-events.ts";
import * as stripeApi from "./migrations/0013-stripe-api.ts";
import * as webhooks from "./migrations/0014-webhooks.ts";
import * as requestLog from "./migrations/0015-request-log.ts";
import * as webhookSecrets from "./migrations/0016-webhook-secrets.ts";
import * as stripeConnections from "./migrations/0017-stripe-connections.ts";
import * as restrictedKeys from "./migrations/0018-restricted-keys.ts";
import * as stripeInboundEvents from "./migrations/0019-stripe-inbound-events.ts";
import * as stripeImportLease from "./migrations/0020-stripe-import-lease.ts";
import * as twoFactor from "./migrations/0021-two-factor.ts";
import * as auditLog from "./migrations/0022-audit-log.ts";
import * as stripeFiles from "./migrations/0023-stripe-files.ts";
import * as stripeImportPayers from "./migrations/0024-stripe-import-payers.ts";

/** Versioned migrations, applied in name order at start (both dialects, one schema builder). */
function migrations(db: Db): Record<string, Migration> {
	return {
		"0001-initial": {
			up: (kysely: Kysely<unknown>) => initial.up(kysely, db.dialect),
			down: (kysely: Kysely<unknown>) => initial.down(kysely),
		},
		"0002-transaction-rollups": { up: transactionRollups.up, down: transactionRollups.down },
		"0003-payment-intake": { up: paymentIntake.up, down: paymentIntake.down },
		"0004-processor-clock": { up: processorClock.up, down: processorClock.down },
		"0005-filter-indexes": {
			up: (kysely: Kysely<unknown>) => filterIndexes.up(kysely, db.dialect),
			down: (kysely: Kysely<unknown>) => filterIndexes.down(kysely, db.dialect),
		},
		"0006-search-terms-and-value-bands": {
			up: (kysely: Kysely<unknown>) => searchTermsAndValueBands.up(kysely, db.dialect),
			down: (kysely: Kysely<unknown>) => searchTermsAndValueBands.down(kysely, db.dialect),
		},
		"0007-smaller-store": {
			up: (kysely: Kysely<unknown>) => smallerStore.up(kysely, db.dialect),
			down: (kysely: Kysely<unknown>) => smallerStore.down(kysely, db.dialect),
		},
		"0008-account-events": { up: accountEvents.up, down: accountEvents.down },
		"0009-lighter-ledger": {
			up: (kysely: Kysely<unknown>) => lighterLedger.up(kysely, db.dialect),
			down: (kysely: Kysely<unknown>) => lighterLedger.down(kysely, db.dialect),
		},
		"0010-value-bands-by-every-filter": {
			up: (kysely: Kysely<unknown>) => valueBandsByEveryFilter.up(kysely, db.dialect),
			down: valueBandsByEveryFilter.down,
		},
		"0011-request-keys": { up: requestKeys.up, down: requestKeys.down },
		"0012-usage-events": { up: usageEvents.up, down: usageEvents.down },
		"0013-stripe-api": { up: stripeApi.up, down: stripeApi.down },
		"0014-webhooks": { up: webhooks.up, down: webhooks.down },
		"0015-request-log": { up: requestLog.up, down: requestLog.down },
		"0016-webhook-secrets": { up: webhookSecrets.up, down: webhookSecrets.down },
		"0017-stripe-connections": { up: stripeConnections.up, down: stripeConnections.down },
		"0018-restricted-keys": { up: restrictedKeys.up, down: restrictedKeys.down },
		"0019-stripe-inbound-events": { up: stripeInboundEvents.up, down: stripeInboundEvents.down },
		"0020-stripe-import-lease": { up: stripeImportLease.up, down: stripeImportLease.down },
		"0021-two-factor": { up: twoFactor.up, down: twoFactor.down },
		"0022-audit-log": { up: auditLog.up, down: auditLog.down },
		"0023-stripe-files": { up: stripeFiles.up, down: stripeFiles.down },
		"0024-stripe-import-payers": { up: stripeImportPayers.up, down: stripeImportPayers.down },
	};
}

export async function migrateToLatest(db: Db): Promise<string[]> {
	const migrator = new Migrator({
		db: db.kysely,
		provider: { getMigrations: async () => migrations(db) },
		migrationTableName: "paydesk_migrations",
		migrationLockTableName: "paydesk_migrations_lock",
	});
	const { error, results } = await migrator.migrateToLatest();
	if (error) throw error;
	return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
