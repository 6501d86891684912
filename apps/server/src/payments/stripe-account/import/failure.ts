/**
 * What a run on the copy does when Stripe fails it: a key Stripe refuses (401, 403) puts the
 * connection in the error state with Stripe's reason, to be connected again; anything else
 * (Stripe unreachable after the client's retries) is kept as the last error, and the run is tried
 * again later from where it stood. Either way the lease is let go.
 */
import { StripeError } from "../../../processors/stripe/client.ts";
import { type CopyRun, releaseLease } from "./lease.ts";

export type StripeFailure =
	| { status: "error"; message: string }
	/** Stripe failed for now; the copy stays where it was and is tried again. */
	| { status: "retry"; message: string };

/** Records a failure of Stripe's (rethrowing anything else) and answers what it means for the run. */
export async function stripeFailure(run: CopyRun, error: unknown): Promise<StripeFailure> {
	if (!(error instanceof StripeError)) {
		await releaseLease(run);
		throw error;
	}
	const refused = error.status === 401 || error.status === 403;
	const message = refused
		? `Stripe refused the key: ${error.message}`
		: `Stripe could not be reached or failed to answer: ${error.message}`;
	await releaseLease(run, { last_error: message, ...(refused ? { status: "error" } : {}) });
	return refused ? { status: "error", message } : { status: "retry", message };
}
