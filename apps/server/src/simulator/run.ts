/**
 * A simulation run: learn what the store accepts, then send the mix's payments to
 * POST /payment_intents, spread evenly over a duration or as fast as `concurrency` requests in
 * flight allow, finish 3-D Secure payments with POST …/confirm, and count how each one ended.
 *
 * Every payment has its own Idempotency-Key, repeated by the client's retries: the run's key
 * prefix and the payment's number, so a run cut short is retried with the same --seed and
 * --key-prefix, and the payments that were made are answered again instead of made twice. A payment whose
 * currency the store refuses (HTTP 400 on `currency`) is sent again in the store currency, and
 * later payments in that currency go in the store currency at once.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { paymentIntentResult } from "@paydesk/contract/payment-intents";
import { REST_BASE } from "@paydesk/contract/route";
import { type ApiAnswer, type ClientOptions, createApiClient, NetworkFailure } from "./client.ts";
import { inCurrency, type PaymentRequestBody, type StoreProfile, simulatedPayment } from "./mix.ts";
import type { ProgressState } from "./progress.ts";
import { dueOffsetMs } from "./schedule.ts";
import { learnStore } from "./store-profile.ts";
import { declinedOutcome, errorOutcome, isErrorOutcome, OUTCOMES, type SimulationResult } from "./summary.ts";

const INTENTS = `${REST_BASE}/payment_intents`;
const MAX_ERROR_SAMPLES = 5;

export interface SimulationOptions {
	url: string;
	user: string;
	password: string;
	/** How many payments to send; Infinity with `stopAfterMs` for a timed run. */
	payments: number;
	/** Spread the payments evenly over this long; 0 sends them as fast as possible. */
	overMs: number;
	/** Requests in flight at most. */
	concurrency: number;
	seed: number;
	/**
	 * The start of every Idempotency-Key of the run (default: a new one per run, from the seed and
	 * a random part). The same seed and prefix send the same payments with the same keys.
	 */
	keyPrefix?: string;
	/** Send no new payment after this long (benchmarks); the ones in flight finish. */
	stopAfterMs?: number;
	/** Card expiry years start after this one (default: the current year). */
	year?: number;
	/** What the store accepts, when already known (default: asked from the API first). */
	profile?: StoreProfile;
	/** Retry and timeout settings of the HTTP client. */
	client?: Pick<ClientOptions, "retries" | "retryDelayMs" | "timeoutMs">;
	onProgress?: (state: ProgressState) => void;
}

interface ErrorBody {
	code?: string;
	message?: string;
	data?: { decline_code?: string | null; params?: Record<string, string> };
}

const errorBody = (answer: ApiAnswer): ErrorBody => (answer.body ?? {}) as ErrorBody;

/** A failure the run reports: its outcome row and the message for the samples. */
class PaymentError extends Error {
	constructor(
		readonly reason: string,
		message: string,
	) {
		super(message);
	}
}

function unexpected(what: string, answer: ApiAnswer): PaymentError {
	const body = errorBody(answer);
	return new PaymentError(
		`HTTP ${answer.status}${body.code ? ` ${body.code}` : ""}`,
		`${what}: HTTP ${answer.status} ${body.code ?? ""} ${body.message ?? JSON.stringify(answer.body)}`.trim(),
	);
}

/** A run's own key prefix: its seed and a random part, so two runs of one seed never share keys. */
export function newKeyPrefix(seed: number): string {
	return `sim-${seed}-${randomBytes(4).toString("hex")}`;
}

export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
	const client = createApiClient({
		url: options.url,
		user: options.user,
		password: options.password,
		...options.client,
	});
	const profile = options.profile ?? (await learnStore(client, options.year ?? new Date().getUTCFullYear()));
	const runId = options.keyPrefix ?? newKeyPrefix(options.seed);
	const refusedCurrencies = new Set<string>();
	const result: SimulationResult = {
		total: 0,
		outcomes: new Map(),
		errors: 0,
		elapsedMs: 0,
		intakeMs: [],
		confirmMs: [],
		retries: 0,
		currencyFallbacks: 0,
		errorSamples: [],
	};

	const post = async (path: string, body: unknown, key: string, latencies: number[]) => {
		try {
			const answer = await client.post(path, body, key);
			latencies.push(...answer.attemptsMs);
			result.retries += answer.attemptsMs.length - 1;
			return answer;
		} catch (error) {
			if (!(error instanceof NetworkFailure)) throw error;
			latencies.push(...error.attemptsMs);
			result.retries += error.attemptsMs.length - 1;
			throw new PaymentError("no answer after retries", error.message);
		}
	};

	/** Sends the payment (again in the store currency if its own is refused): the intake's answer. */
	async function take(index: number, key: string): Promise<{ answer: ApiAnswer; authentication: string }> {
		const payment = simulatedPayment(options.seed, index, profile);
		const store = profile.storeCurrency;
		let body: PaymentRequestBody = payment.body;
		if (refusedCurrencies.has(String(body.currency))) {
			body = inCurrency(payment, store);
			result.currencyFallbacks++;
		}
		let answer = await post(INTENTS, body, key, result.intakeMs);
		if (answer.status === 400 && errorBody(answer).data?.params?.currency && body.currency !== store) {
			refusedCurrencies.add(String(body.currency));
			result.currencyFallbacks++;
			answer = await post(INTENTS, inCurrency(payment, store), `${key}-${store}`, result.intakeMs);
		}
		return { answer, authentication: payment.authentication ?? "complete" };
	}

	/** How one payment ended: an outcome of the summary table. */
	async function simulate(index: number): Promise<string> {
		const key = `${runId}-${index}`;
		const { answer, authentication } = await take(index, key);
		if (answer.status === 402)
			return declinedOutcome(errorBody(answer).data?.decline_code ?? errorBody(answer).code ?? "unknown");
		if (answer.status !== 200) throw unexpected("POST /payment_intents", answer);
		const parsed = paymentIntentResult.safeParse(answer.body);
		if (!parsed.success)
			throw new PaymentError("unexpected answer", `POST /payment_intents: ${parsed.error.message}`);
		const intent = parsed.data;
		switch (intent.status) {
			case "succeeded":
				return OUTCOMES.succeeded;
			case "requires_capture":
				return intent.charge?.outcome.type === "manual_review" ? OUTCOMES.review : OUTCOMES.manualCapture;
			case "canceled":
				return OUTCOMES.blocked;
			case "requires_action": {
				const confirm = await post(
					`${INTENTS}/${intent.id}/confirm`,
					{ authentication },
					`${key}-confirm`,
					result.confirmMs,
				);
				if (confirm.status === 200) return OUTCOMES.confirmed;
				if (confirm.status === 402) return OUTCOMES.authenticationFailed;
				throw unexpected(`POST /payment_intents/${intent.id}/confirm`, confirm);
			}
			default:
				throw new PaymentError(`status ${intent.status}`, `POST /payment_intents answered ${intent.status}`);
		}
	}

	const started = performance.now();
	const elapsed = () => performance.now() - started;
	const record = (outcome: string, message?: string) => {
		result.total++;
		result.outcomes.set(outcome, (result.outcomes.get(outcome) ?? 0) + 1);
		if (isErrorOutcome(outcome)) {
			result.errors++;
			if (message && result.errorSamples.length < MAX_ERROR_SAMPLES) result.errorSamples.push(message);
		}
		options.onProgress?.({ done: result.total, errors: result.errors, elapsedMs: elapsed() });
	};

	let next = 0;
	const worker = async () => {
		for (;;) {
			const index = next++;
			if (index >= options.payments) return;
			const due = dueOffsetMs(index, options.payments, options.overMs);
			if (options.stopAfterMs !== undefined && Math.max(due, elapsed()) >= options.stopAfterMs) return;
			const wait = due - elapsed();
			if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
			try {
				record(await simulate(index));
			} catch (error) {
				if (!(error instanceof PaymentError)) throw error;
				record(errorOutcome(error.reason), error.message);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
	result.elapsedMs = elapsed();
	return result;
}
