/**
 * What the simulator asks the store before its first payment, through the same REST API: the
 * currencies it accepts (its own, its bank accounts', its enabled multi-currency currencies),
 * the payment methods it enables, and the limits of its saved purchase-price and item-count
 * rules, so that a few orders cross them.
 */
import { accountStatus } from "@paydesk/contract/accounts";
import { currenciesResponse } from "@paydesk/contract/multi-currency";
import { REST_BASE } from "@paydesk/contract/route";
import { settingsEntity } from "@paydesk/contract/settings";
import { bounds, parseAmountValue } from "@paydesk/domain/fraud-rules";
import type { ApiAnswer, ApiClient } from "./client.ts";
import type { StoreProfile } from "./mix.ts";

/** The simulator cannot start: the message says what to do. */
export class SimulatorSetupError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "SimulatorSetupError";
	}
}

export const APP_PASSWORD_HINT =
	'Create an application password with: npm run user -- app-password <login> "Simulator"\n' +
	'then pass it with --password "xxxx xxxx xxxx xxxx xxxx xxxx" or in PAYDESK_PASSWORD.';

function refused(path: string, answer: ApiAnswer): SimulatorSetupError {
	const body = answer.body as { code?: string; message?: string } | null;
	if (answer.status === 401)
		return new SimulatorSetupError(
			`The server refused the user name or application password (HTTP 401 on ${path}).\n${APP_PASSWORD_HINT}`,
		);
	if (answer.status === 403)
		return new SimulatorSetupError(
			`This user may not manage payments (HTTP 403 on ${path}): use an administrator or a shop manager.`,
		);
	return new SimulatorSetupError(
		`GET ${path} answered HTTP ${answer.status}${body?.code ? ` ${body.code}: ${body.message ?? ""}` : ""}`,
	);
}

const countOf = (value: string | number | null) =>
	value !== null && Number.isSafeInteger(Number(value)) ? Number(value) : null;

export async function learnStore(client: ApiClient, year: number): Promise<StoreProfile> {
	const accountPath = `${REST_BASE}/accounts`;
	const account = await client.get(accountPath);
	if (account.status !== 200) throw refused(accountPath, account);
	const { defaultCurrency, defaultExternalAccounts } = accountStatus
		.pick({ defaultCurrency: true, defaultExternalAccounts: true })
		.parse(account.body);

	const settingsPath = `${REST_BASE}/settings`;
	const settingsAnswer = await client.get(settingsPath);
	if (settingsAnswer.status !== 200) throw refused(settingsPath, settingsAnswer);
	const settings = settingsEntity
		.pick({
			enabled_payment_method_ids: true,
			current_protection_level: true,
			advanced_fraud_protection_settings: true,
		})
		.parse(settingsAnswer.body);

	// Optional: a store without multi-currency still takes payments in its settlement currencies.
	const currencies = await client.get(`${REST_BASE}/multi-currency/currencies`);
	const enabled = currencies.status === 200 ? currenciesResponse.safeParse(currencies.body) : null;

	const storeCurrency = defaultCurrency.toLowerCase();
	const accepted = new Set([
		storeCurrency,
		...defaultExternalAccounts.map((bank) => bank.currency.toLowerCase()),
		...(enabled?.success ? Object.keys(enabled.data.enabled).map((code) => code.toLowerCase()) : []),
	]);
	const rules =
		settings.current_protection_level === "advanced" ? settings.advanced_fraud_protection_settings : [];
	const rule = (key: string) => rules.find((candidate) => candidate.key === key)?.check;
	return {
		storeCurrency,
		currencies: [...accepted],
		methods: settings.enabled_payment_method_ids,
		limits: {
			maxAmount: parseAmountValue(bounds(rule("purchase_price_threshold")).max),
			maxItems: countOf(bounds(rule("order_items_threshold")).max),
		},
		year,
	};
}
