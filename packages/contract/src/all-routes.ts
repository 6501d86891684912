/**
 * Every REST route of Paydesk, for the OpenAPI document and the authorization matrix test.
 * A new contract file adds its routes here.
 */

import { getAccountSession } from "./account-session.ts";
import { getAccount } from "./accounts.ts";
import { AUDIT_LOG_ROUTES } from "./audit-log.ts";
import { getAuthorization, getAuthorizationsSummary, listAuthorizations } from "./authorizations.ts";
import { getActiveLoanSummary, listLoans } from "./capital.ts";
import { createRefund, getCharge, getChargeByOrder, getPaymentIntent } from "./charges.ts";
import { activatePromo } from "./connect.ts";
import {
	createInstantDeposit,
	depositExports,
	getDeposit,
	getDepositsOverview,
	getDepositsSummary,
	listDeposits,
} from "./deposits.ts";
import { DEVELOPERS_ROUTES } from "./developers.ts";
import {
	closeDispute,
	disputeExports,
	getDispute,
	getDisputesSummary,
	listDisputes,
	updateDispute,
} from "./disputes.ts";
import { downloadDocument, getDocumentsSummary, listDocuments } from "./documents.ts";
import { listNotifications, readAllNotifications, readNotification, streamEvents } from "./events.ts";
import { getFileContent, getFileDetails, serveFile, uploadFile } from "./files.ts";
import {
	downloadFraudOutcomes,
	getFraudOutcomesSummary,
	listFraudOutcomes,
	searchFraudOutcomes,
} from "./fraud-outcomes.ts";
import { batchUpdateNotes, listNotes, removeNote, triggerNoteAction, updateNote } from "./inbox.ts";
import { openApiDocument } from "./meta.ts";
import {
	getCurrencies,
	getCurrencySettings,
	getStoreSettings,
	saveCurrencySettings,
	updateEnabledCurrencies,
	updateStoreSettings,
} from "./multi-currency.ts";
import { checkPoEligibility, createKycSession, finalizeOnboarding } from "./onboarding.ts";
import { getOnboardingTasks } from "./onboarding-tasks.ts";
import { cancelAuthorization, captureAuthorization, getOrder } from "./orders.ts";
import { confirmPaymentIntent, createPaymentIntent } from "./payment-intents.ts";
import { getReaderChargeStats, listReaders } from "./readers.ts";
import { getPaymentActivity } from "./reporting.ts";
import type { RouteContract } from "./route.ts";
import { advanceSandboxClock, getSandboxClock } from "./sandbox-clock.ts";
import {
	getPaymentSettings,
	savePaymentSettings,
	saveSettingOption,
	scheduleStripeBillingMigration,
} from "./settings.ts";
import { getSiteSettings, updateSiteSettings } from "./site-settings.ts";
import {
	batchUpdateGeneralSettings,
	getGeneralSetting,
	listGeneralSettings,
	updateGeneralSetting,
} from "./store-settings.ts";
import { STRIPE_ACCOUNT_ROUTES } from "./stripe-account.ts";
import { submitOverviewSurvey } from "./survey.ts";
import { getTimeline } from "./timeline.ts";
import { recordTracks } from "./tracks.ts";
import {
	getTransactionsSummary,
	listTransactions,
	searchTransactions,
	transactionExports,
} from "./transactions.ts";
import { TWO_FACTOR_ROUTES } from "./two-factor.ts";
import { USER_SESSIONS_ROUTES } from "./user-sessions.ts";
import { lookupVatNumber, saveTaxDetails } from "./vat.ts";
import { getCurrentUser, getOptions, getUser, updateCurrentUser, updateOptions } from "./wp.ts";

export const ALL_ROUTES: readonly RouteContract[] = [
	openApiDocument,
	streamEvents,
	listNotifications,
	readNotification,
	readAllNotifications,
	getAccount,
	getOptions,
	updateOptions,
	getCurrentUser,
	updateCurrentUser,
	getUser,
	getSiteSettings,
	updateSiteSettings,
	listGeneralSettings,
	getGeneralSetting,
	updateGeneralSetting,
	batchUpdateGeneralSettings,
	getOnboardingTasks,
	listDeposits,
	getDepositsSummary,
	getDepositsOverview,
	getDeposit,
	createInstantDeposit,
	depositExports.download,
	depositExports.request,
	depositExports.status,
	depositExports.file,
	listTransactions,
	getTransactionsSummary,
	searchTransactions,
	transactionExports.download,
	transactionExports.request,
	transactionExports.status,
	transactionExports.file,
	listFraudOutcomes,
	getFraudOutcomesSummary,
	searchFraudOutcomes,
	downloadFraudOutcomes,
	listAuthorizations,
	getAuthorizationsSummary,
	getAuthorization,
	getCharge,
	getChargeByOrder,
	getPaymentIntent,
	createPaymentIntent,
	confirmPaymentIntent,
	getSandboxClock,
	advanceSandboxClock,
	getTimeline,
	createRefund,
	captureAuthorization,
	cancelAuthorization,
	getOrder,
	listDocuments,
	getDocumentsSummary,
	downloadDocument,
	lookupVatNumber,
	saveTaxDetails,
	listReaders,
	getReaderChargeStats,
	getActiveLoanSummary,
	listLoans,
	listDisputes,
	getDisputesSummary,
	getDispute,
	updateDispute,
	closeDispute,
	disputeExports.download,
	disputeExports.request,
	disputeExports.status,
	disputeExports.file,
	uploadFile,
	getFileDetails,
	getFileContent,
	serveFile,
	getPaymentSettings,
	savePaymentSettings,
	scheduleStripeBillingMigration,
	saveSettingOption,
	getCurrencies,
	updateEnabledCurrencies,
	getCurrencySettings,
	saveCurrencySettings,
	getStoreSettings,
	updateStoreSettings,
	getPaymentActivity,
	listNotes,
	updateNote,
	removeNote,
	batchUpdateNotes,
	triggerNoteAction,
	submitOverviewSurvey,
	recordTracks,
	getAccountSession,
	createKycSession,
	checkPoEligibility,
	finalizeOnboarding,
	activatePromo,
	...DEVELOPERS_ROUTES,
	...STRIPE_ACCOUNT_ROUTES,
	...TWO_FACTOR_ROUTES,
	...USER_SESSIONS_ROUTES,
	...AUDIT_LOG_ROUTES,
];
