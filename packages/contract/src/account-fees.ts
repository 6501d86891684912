/**
 * Account fees per payment method (spec 1 §3 accountFees, spec 3 §3.10), inlined in the page
 * settings for the overview's fees card: base, additional and FX fees, each a percentage rate
 * (a fraction, 0.029 = 2.9 %), a fixed rate in minor units and its currency, and a list of
 * discounts (a fraction off, the volume it covers and what is used of it, its end).
 */
import { z } from "zod";

export const feeRate = z.object({
	percentage_rate: z.number().min(0),
	fixed_rate: z.number().int().min(0),
	currency: z.string(),
});

export const feeDiscount = z.object({
	discount: z.number().min(0).max(1),
	volume_allowance: z.number().int().nullable(),
	current_volume: z.number().int().nullable(),
	volume_currency: z.string().nullable(),
	end_time: z.string().nullable(),
});

export const accountFee = z.object({
	base: feeRate,
	additional: feeRate,
	fx: feeRate,
	discount: z.array(feeDiscount),
});
export type AccountFee = z.infer<typeof accountFee>;

/** Payment method id (card, sepa_debit, klarna …) to its fee. */
export const accountFees = z.record(z.string(), accountFee);
export type AccountFees = z.infer<typeof accountFees>;
