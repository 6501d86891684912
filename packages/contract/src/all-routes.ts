/**
 * Every REST route of Paydesk, for the OpenAPI document and the authorization matrix test.
 * A new contract file adds its routes here.
 */
import { getAccount } from "./accounts.ts";
import {
	createInstantDeposit,
	depositExports,
	getDeposit,
	getDepositsOverview,
	getDepositsSummary,
	listDeposits,
} from "./deposits.ts";
import { openApiDocument } from "./meta.ts";
import type { RouteContract } from "./route.ts";
import { getCurrentUser, getOptions, updateCurrentUser, updateOptions } from "./wp.ts";

export const ALL_ROUTES: readonly RouteContract[] = [
	openApiDocument,
	getAccount,
	getOptions,
	updateOptions,
	getCurrentUser,
	updateCurrentUser,
	listDeposits,
	getDepositsSummary,
	getDepositsOverview,
	getDeposit,
	createInstantDeposit,
	depositExports.download,
	depositExports.request,
	depositExports.status,
	depositExports.file,
];
