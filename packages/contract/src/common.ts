/** Building blocks shared by the contract files: booleans and numbers as they come in a query. */
import { z } from "zod";

/** A query integer ("3") that must be a whole number within bounds. */
export const queryInt = (min: number, max: number) =>
	z.coerce
		.number({ error: "must be a whole number" })
		.int({ error: "must be a whole number" })
		.min(min, { error: `must be at least ${min}` })
		.max(max, { error: `must be at most ${max}` });

/** "1", "true", "0", "false" as in WordPress's rest_sanitize_boolean. */
export const queryBool = z
	.union([z.boolean(), z.enum(["1", "0", "true", "false", "yes", "no"])])
	.transform((value) => value === true || value === "1" || value === "true" || value === "yes");

/** Integer of minor units. */
export const minorAmount = z.number().int();

/** Epoch seconds or an ISO string, as the spec's entities carry dates. */
export const isoDate = z.string();

export const currencyCode = z
	.string()
	.regex(/^[a-zA-Z]{3}$/, { error: "must be a three-letter currency code" })
	.transform((value) => value.toLowerCase());

/** Ids of processor objects (ch_…, po_…, du_…) and order numbers: word characters only. */
export const objectId = z.string().regex(/^\w{1,64}$/, { error: "must contain only word characters" });
