/**
 * Tax details routes (spec 1 §7): GET /vat/{number} checks a number and answers what the
 * registry knows of it; POST /vat saves name, address and the optional number on the account
 * (accounts.vat_details), after which tax invoices can be downloaded.
 */
import { lookupVatNumber, saveTaxDetails, type TaxDetails, VAT_ERRORS } from "@paydesk/contract/vat";
import { checkTaxNumber } from "@paydesk/domain/tax-details";
import type { FastifyInstance } from "fastify";
import { loadAccount } from "../../accounts/account.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { invalidParams, RestError } from "../../http/rest-error.ts";
import { registeredBusiness } from "./registry.ts";

/** A well-formed number, normalised, or the server's reason as a 400 the admin shows as is. */
function validNumber(input: string): { number: string; country: string } {
	const check = checkTaxNumber(input);
	if (!check.valid) throw new RestError(VAT_ERRORS.invalidNumber, check.reason, 400);
	return check;
}

export default async function vatRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, lookupVatNumber, async ({ params, accountId }) => {
		const { number, country } = validNumber(params.vat_number);
		const account = await loadAccount(db.kysely, accountId);
		return { vat_number: number, ...registeredBusiness(account?.name ?? "", country) };
	});

	contractRoute(app, saveTaxDetails, async ({ body, accountId }): Promise<TaxDetails> => {
		const name = body.name.trim();
		const address = body.address.trim();
		const blank: Record<string, string> = {};
		if (name === "") blank.name = "Please enter your business name.";
		if (address === "") blank.address = "Please enter your business address.";
		if (Object.keys(blank).length > 0) {
			const error = invalidParams(blank);
			throw new RestError(VAT_ERRORS.invalidDetails, Object.values(blank).join(" "), 400, error.data);
		}
		const raw = body.vat_number?.trim();
		const details: TaxDetails = {
			vat_number: raw ? validNumber(raw).number : null,
			name,
			address,
		};
		await db.kysely
			.updateTable("accounts")
			.set({ vat_details: JSON.stringify(details) })
			.where("id", "=", accountId)
			.execute();
		return details;
	});
}
