/**
 * The request mix of the load benchmark: what a payments team does all day in the admin —
 * lists (transactions, payouts, disputes, paged and filtered), summaries (the cards above
 * them, the overview's balances) and details (a payment, its timeline, a payout, a dispute) —
 * and the clients that send it, each waiting for its answer before the next request.
 */
import { performance } from "node:perf_hooks";

const BASE = "/wp-json/wc/v3/payments";

export type Kind = "list" | "summary" | "detail";

export interface StoreIds {
	intents: string[];
	charges: string[];
	payouts: string[];
	disputes: string[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One request of the mix: 40 % lists, 30 % summaries, 30 % details. */
export function nextRequest(ids: StoreIds): { kind: Kind; path: string } {
	const roll = Math.random();
	if (roll < 0.4) {
		return {
			kind: "list",
			path: pick([
				`${BASE}/transactions?page=${1 + Math.floor(Math.random() * 400)}&pagesize=25`,
				`${BASE}/transactions?page=1&pagesize=25&type_is=charge&date_after=2026-01-01`,
				`${BASE}/transactions?page=2&pagesize=25&sort=amount&direction=desc`,
				`${BASE}/deposits?page=${1 + Math.floor(Math.random() * 20)}&pagesize=25`,
				`${BASE}/disputes?page=1&pagesize=25&filter=awaiting_response`,
				`${BASE}/transactions/search?search_term=${encodeURIComponent(pick(["jan", "ch_", "#12"]))}`,
			]),
		};
	}
	if (roll < 0.7) {
		return {
			kind: "summary",
			path: pick([
				`${BASE}/transactions/summary`,
				`${BASE}/transactions/summary?date_after=2026-05-01`,
				`${BASE}/deposits/summary`,
				`${BASE}/deposits/overview-all`,
				`${BASE}/disputes/summary`,
			]),
		};
	}
	return {
		kind: "detail",
		path: pick([
			`${BASE}/payment_intents/${pick(ids.intents)}`,
			`${BASE}/charges/${pick(ids.charges)}`,
			`${BASE}/timeline/${pick(ids.intents)}`,
			`${BASE}/deposits/${pick(ids.payouts)}`,
			`${BASE}/disputes/${pick(ids.disputes)}`,
		]),
	};
}

export interface LoadResult {
	requests: number;
	errors: number;
	/** Each error's status (or the network error), counted. */
	errorKinds: Map<string, number>;
	seconds: number;
	latencies: Record<Kind | "all", number[]>;
}

/** Runs `clients` concurrent clients against `url` for `seconds`; latencies in milliseconds. */
export async function runClients(
	url: string,
	headers: Record<string, string>,
	ids: StoreIds,
	clients: number,
	seconds: number,
): Promise<LoadResult> {
	const result: LoadResult = {
		requests: 0,
		errors: 0,
		errorKinds: new Map(),
		seconds,
		latencies: { list: [], summary: [], detail: [], all: [] },
	};
	const until = performance.now() + seconds * 1000;
	const client = async () => {
		while (performance.now() < until) {
			const request = nextRequest(ids);
			const started = performance.now();
			let failure: string | null = null;
			try {
				const response = await fetch(`${url}${request.path}`, { headers });
				await response.arrayBuffer();
				if (!response.ok) failure = `HTTP ${response.status} ${request.path.replace(/\?.*/, "")}`;
			} catch (error) {
				failure = error instanceof Error ? error.message : String(error);
			}
			const ms = performance.now() - started;
			result.requests++;
			result.latencies[request.kind].push(ms);
			result.latencies.all.push(ms);
			if (failure) {
				result.errors++;
				result.errorKinds.set(failure, (result.errorKinds.get(failure) ?? 0) + 1);
			}
		}
	};
	await Promise.all(Array.from({ length: clients }, client));
	return result;
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return 0;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
