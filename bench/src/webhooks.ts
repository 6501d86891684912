/**
 * Webhooks at speed:
 *   npx tsx bench/src/webhooks.ts [--dialect sqlite|postgres|both] [--seconds 20] [--concurrency 8]
 *                                 [--log-rows 1000000] [--no-readme]
 *
 * 1. Delivery rate. A real server process (its job runner sends the webhooks, as in production)
 *    on a demo store; a store's code pays through `POST /v1/payment_intents` with a secret key
 *    as fast as the server takes it (`--concurrency` requests in flight), while a receiver in this
 *    process takes every event of an endpoint subscribed to `*`. The lag of an event is the time
 *    from its payment's answer to the event's arrival; a payment is three events
 *    (payment_intent.created, payment_intent.succeeded, charge.succeeded).
 * 2. A stuck endpoint. The same run again with a second endpoint subscribed to `*` whose receiver
 *    never answers (each attempt waits out the 10 s timeout): the first endpoint's lag should not
 *    move.
 * 3. A backlog. The handler answers 500 while the store pays; once every event has failed its
 *    first attempt, the handler is back and the failed deliveries are made due at once (what
 *    "Resend failed" does): the sender's own rate, without the intake beside it.
 * 4. Log lists. 1,000,000 request log entries and 1,000,000 deliveries of one endpoint are written
 *    straight into the store, then the Developers area's lists are timed through Fastify (session
 *    auth, query parsing, JSON), median of 7 after a warm-up. Target: under 30 ms.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import type { Db } from "@paydesk/server/db/connection";
import { createApiKeys } from "@paydesk/server/stripe-api/keys";
import { sql } from "kysely";
import { median } from "./api-timing.ts";
import { startBenchApp } from "./bench-app.ts";
import { machine, writeReadmeSection } from "./measure.ts";
import { seededStore, startServer } from "./server-process.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const SECONDS = Number(flag("seconds") ?? 20);
const CONCURRENCY = Number(flag("concurrency") ?? 8);
const LOG_ROWS = Number(flag("log-rows") ?? 1_000_000);
const dialects =
	flag("dialect") === "both" || !flag("dialect") ? ["sqlite", "postgres"] : [flag("dialect") ?? "sqlite"];
const ACCOUNT = "acct_bench";
const STORE_TRANSACTIONS = 10_000;
const EVENTS_PER_PAYMENT = 3;
const WARM_UP_SECONDS = 10;
const BACKLOG_SECONDS = 10;
const LIST_TARGET_MS = 30;
const LAG_TARGET_MS = 2000;
const ITERATIONS = 7;

const percentile = (values: readonly number[], p: number) => {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface Arrival {
	eventId: string;
	intent: string | null;
	at: number;
}

interface Receiver {
	url: string;
	arrivals: Arrival[];
	/** While true the handler answers 500 at once (a store whose handler is down). */
	failing: boolean;
	close(): Promise<void>;
}

/** A store's webhook handler: 200 at once, or (hanging) never an answer. */
async function receiver(hang: boolean): Promise<Receiver> {
	const arrivals: Arrival[] = [];
	const held: ServerResponse[] = [];
	const handler: Receiver = {
		url: "",
		arrivals,
		failing: false,
		async close() {
			for (const response of held) response.destroy();
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
	const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => {
			const at = performance.now();
			if (hang) {
				held.push(response);
				return;
			}
			if (handler.failing) {
				response.writeHead(500).end("down");
				return;
			}
			const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
				id: string;
				data: { object: { object?: string; id?: string; payment_intent?: string | null } };
			};
			const object = event.data.object;
			const intent =
				object.object === "payment_intent" ? (object.id ?? null) : (object.payment_intent ?? null);
			arrivals.push({ eventId: event.id, intent, at });
			response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	handler.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
	return handler;
}

async function v1(
	base: string,
	key: string,
	path: string,
	form: Record<string, string>,
	method: "POST" | "DELETE" = "POST",
) {
	const response = await fetch(`${base}${path}`, {
		method,
		headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
		...(method === "POST" ? { body: new URLSearchParams(form).toString() } : {}),
	});
	const body = (await response.json()) as { id?: string };
	if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
	return body;
}

interface Phase {
	label: string;
	payments: number;
	paymentsPerSecond: number;
	events: number;
	eventsPerSecond: number;
	p50: number;
	p99: number;
	max: number;
	missing: number;
}

/** Pays for `seconds`, then waits for the receiver to have every event of those payments. */
async function phase(
	label: string,
	base: string,
	key: string,
	fast: Receiver,
	seconds = SECONDS,
): Promise<Phase> {
	const answered = new Map<string, number>();
	const started = performance.now();
	const end = started + seconds * 1000;
	let errors = 0;
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (performance.now() < end) {
				try {
					const intent = await v1(base, key, "/v1/payment_intents", {
						amount: "2500",
						currency: "usd",
						payment_method: "pm_card_visa",
						confirm: "true",
					});
					if (intent.id) answered.set(intent.id, performance.now());
				} catch {
					errors++;
				}
			}
		}),
	);
	const paidFor = (performance.now() - started) / 1000;
	const expected = answered.size * EVENTS_PER_PAYMENT;
	const mine = () => {
		const seen = new Map<string, Arrival>();
		for (const arrival of fast.arrivals) {
			if (arrival.intent && answered.has(arrival.intent) && !seen.has(arrival.eventId))
				seen.set(arrival.eventId, arrival);
		}
		return [...seen.values()];
	};
	for (const waitUntil = performance.now() + 30_000; performance.now() < waitUntil; ) {
		if (mine().length >= expected) break;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	const arrivals = mine();
	const lags = arrivals.map((arrival) => arrival.at - (answered.get(arrival.intent ?? "") ?? arrival.at));
	const lastArrival = Math.max(...arrivals.map((arrival) => arrival.at));
	const result: Phase = {
		label,
		payments: answered.size,
		paymentsPerSecond: answered.size / paidFor,
		events: arrivals.length,
		eventsPerSecond: arrivals.length / ((lastArrival - started) / 1000),
		p50: percentile(lags, 50),
		p99: percentile(lags, 99),
		max: Math.max(...lags),
		missing: expected - arrivals.length,
	};
	console.log(
		`  ${label}: ${result.payments} payments (${result.paymentsPerSecond.toFixed(1)}/s, ${errors} errors), ` +
			`${result.events} events delivered (${result.eventsPerSecond.toFixed(0)}/s), lag p50 ${result.p50.toFixed(0)} ms, ` +
			`p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms, ${result.missing} missing`,
	);
	return result;
}

interface Drain {
	backlog: number;
	seconds: number;
	eventsPerSecond: number;
}

/**
 * The store's handler is down (500) while the store pays for BACKLOG_SECONDS; once every event
 * has failed its first attempt, the handler is back and the failed deliveries are due again at
 * once (as "Resend failed" makes them). Times the backlog's delivery: the sender's own rate,
 * with no intake beside it.
 */
async function drain(base: string, key: string, fast: Receiver, db: Db, endpointId: string): Promise<Drain> {
	fast.failing = true;
	const answered = new Set<string>();
	const end = performance.now() + BACKLOG_SECONDS * 1000;
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (performance.now() < end) {
				const intent = await v1(base, key, "/v1/payment_intents", {
					amount: "3100",
					currency: "usd",
					payment_method: "pm_card_visa",
					confirm: "true",
				}).catch(() => null);
				if (intent?.id) answered.add(intent.id);
			}
		}),
	);
	const backlog = answered.size * EVENTS_PER_PAYMENT;
	const failed = async () =>
		Number(
			(
				await sql<{ n: number }>`select count(*) as n from webhook_deliveries
					where account_id = ${ACCOUNT} and endpoint_id = ${endpointId} and status = 'pending' and attempts > 0`.execute(
					db.kysely,
				)
			).rows[0]?.n ?? 0,
		);
	for (const until = performance.now() + 120_000; performance.now() < until && (await failed()) < backlog; ) {
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	fast.failing = false;
	const resentAt = performance.now();
	await sql`update webhook_deliveries set next_attempt_at = 0
		where account_id = ${ACCOUNT} and endpoint_id = ${endpointId} and status = 'pending'`.execute(db.kysely);
	const arrived = () =>
		new Set(
			fast.arrivals
				.filter((arrival) => arrival.at >= resentAt && arrival.intent && answered.has(arrival.intent))
				.map((arrival) => arrival.eventId),
		).size;
	for (const until = performance.now() + 120_000; performance.now() < until && arrived() < backlog; ) {
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	const last = Math.max(
		...fast.arrivals.filter((arrival) => arrival.at >= resentAt).map((arrival) => arrival.at),
	);
	const seconds = (last - resentAt) / 1000;
	const result = { backlog, seconds, eventsPerSecond: arrived() / seconds };
	console.log(
		`  backlog: ${arrived()} of ${backlog} events delivered in ${seconds.toFixed(1)} s (${result.eventsPerSecond.toFixed(0)}/s)`,
	);
	return result;
}

const drains = new Map<string, Drain>();

async function deliveryRuns(dialect: string): Promise<Phase[]> {
	const store = await seededStore(dialect, STORE_TRANSACTIONS, ACCOUNT, "webhooks");
	const fast = await receiver(false);
	const stuck = await receiver(true);
	const server = await startServer(store.env);
	try {
		const { secret } = await createApiKeys(store.db.kysely, ACCOUNT, "bench", Math.floor(Date.now() / 1000));
		const endpoint = await v1(server.url, secret, "/v1/webhook_endpoints", {
			url: fast.url,
			"enabled_events[]": "*",
		});
		// A run at full speed first, unmeasured: a cold server compiles and optimizes the intake and
		// the webhook thread's rendering and sending as it goes, and without it the first run's first
		// seconds lagged 3 s behind (a cold start, once per process), not the steady state measured.
		await phase("warm-up", server.url, secret, fast, WARM_UP_SECONDS);
		console.log(`${dialect}:`);
		const alone = await phase("one endpoint", server.url, secret, fast);
		const hanging = await v1(server.url, secret, "/v1/webhook_endpoints", {
			url: stuck.url,
			"enabled_events[]": "*",
		});
		const beside = await phase("beside an endpoint that never answers", server.url, secret, fast);
		await v1(server.url, secret, `/v1/webhook_endpoints/${hanging.id}`, {}, "DELETE");
		drains.set(dialect, await drain(server.url, secret, fast, store.db, endpoint.id ?? ""));
		return [alone, beside];
	} finally {
		server.child.kill("SIGKILL");
		await fast.close();
		await stuck.close();
		await store.remove();
	}
}

interface ListTiming {
	label: string;
	ms: number;
	rows: number;
}

/** Writes LOG_ROWS request log entries and LOG_ROWS deliveries of one endpoint, oldest first. */
async function fillLogs(db: Db, now: number): Promise<void> {
	// One typed value: PostgreSQL cannot tell which "-" two untyped parameters mean.
	const first = sql`cast(${now - LOG_ROWS} as bigint)`;
	const numbers =
		db.dialect === "postgres"
			? sql`select n from generate_series(1, ${LOG_ROWS}) as n`
			: sql`with recursive counted(n) as (select 1 union all select n + 1 from counted where n < ${LOG_ROWS}) select n from counted`;
	const pad = (column: string) =>
		db.dialect === "postgres"
			? sql.raw(`lpad(${column}::text, 12, '0')`)
			: sql.raw(`printf('%012d', ${column})`);
	const statusCases = sql.raw(
		"case n % 20 when 0 then 500 when 1 then 402 when 2 then 400 when 3 then 404 else 200 end",
	);
	await sql`
		insert into request_log (account_id, id, request_id, created, method, path, route, status, status_class,
			key_id, key_name, duration_ms, idempotency_key, params, response)
		select ${ACCOUNT}, 'rlog_' || ${pad("n")}, 'req_' || ${pad("n")}, ${first} + n,
			case when n % 3 = 0 then 'GET' else 'POST' end,
			case when n % 3 = 0 then '/v1/payment_intents/pi_' || ${pad("n")} else '/v1/payment_intents' end,
			case when n % 3 = 0 then '/v1/payment_intents/:id' else '/v1/payment_intents' end,
			${statusCases}, (${statusCases}) / 100,
			'key_bench', case when n % 4 = 0 then 'checkout' else 'backend' end, 40 + n % 50, null,
			'{"amount":"2500","currency":"usd"}', '{"id":"pi_x","object":"payment_intent"}'
		from (${numbers}) as numbers`.execute(db.kysely);
	await sql`
		insert into webhook_endpoints (account_id, id, url, description, enabled_events, metadata, secret, status,
			created, failing_since, previous_secret, previous_secret_expires_at, failed_in_a_row)
		values (${ACCOUNT}, 'we_bench', 'http://127.0.0.1:9/none', null, '["*"]', '{}', 'whsec_bench', 'enabled',
			${now - LOG_ROWS}, null, null, null, 0)`.execute(db.kysely);
	await sql`
		insert into webhook_deliveries (account_id, id, endpoint_id, event_id, event_type, created, status, attempts,
			next_attempt_at, claimed_by, claimed_until, delivered_at, last_status, last_error)
		select ${ACCOUNT}, 'whd_' || ${pad("n")}, 'we_bench', 'evt_bench_' || ${pad("n")},
			case n % 3 when 0 then 'payment_intent.created' when 1 then 'payment_intent.succeeded' else 'charge.succeeded' end,
			${first} + n,
			case when n % 50 = 0 then 'failed' else 'delivered' end, 1, null, null, null,
			case when n % 50 = 0 then null else ${first} + n end,
			case when n % 50 = 0 then 500 else 200 end, null
		from (${numbers}) as numbers`.execute(db.kysely);
	if (db.dialect === "postgres") await sql`vacuum analyze`.execute(db.kysely);
	else await sql`analyze`.execute(db.kysely);
}

async function logLists(dialect: string): Promise<ListTiming[]> {
	const store = await seededStore(dialect, STORE_TRANSACTIONS, ACCOUNT, "webhook-logs");
	const now = Math.floor(Date.now() / 1000);
	try {
		const filling = performance.now();
		await fillLogs(store.db, now);
		console.log(
			`${dialect}: wrote ${LOG_ROWS.toLocaleString("en-US")} log entries and deliveries in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
		);
		const bench = await startBenchApp(store.db, ACCOUNT);
		const timings: ListTiming[] = [];
		const base = "/wp-json/wc/v3/payments/developers";
		const middle = `rlog_${String(Math.floor(LOG_ROWS / 2)).padStart(12, "0")}`;
		const lists = [
			["request log, first page", `${base}/request-log?pagesize=25`],
			["request log, a page from the middle", `${base}/request-log?pagesize=25&starting_after=${middle}`],
			["request log, 5xx only", `${base}/request-log?pagesize=25&status_class=5xx`],
			["request log, one route", `${base}/request-log?pagesize=25&path=/v1/payment_intents/:id`],
			["request log, one key", `${base}/request-log?pagesize=25&key_name=checkout`],
			[
				"deliveries, first page (with the count)",
				`${base}/webhook-endpoints/we_bench/deliveries?pagesize=25`,
			],
			[
				"deliveries, failed only",
				`${base}/webhook-endpoints/we_bench/deliveries?pagesize=25&status_is=failed`,
			],
			[
				"deliveries, one event type",
				`${base}/webhook-endpoints/we_bench/deliveries?pagesize=25&event_type_is=charge.succeeded`,
			],
			["deliveries, page 40", `${base}/webhook-endpoints/we_bench/deliveries?pagesize=25&page=40`],
		] as const;
		try {
			for (const [label, url] of lists) {
				const runs: number[] = [];
				let rows = 0;
				for (let i = 0; i <= ITERATIONS; i++) {
					const started = performance.now();
					const response = await bench.app.inject({ method: "GET", url, headers: bench.headers });
					const ms = performance.now() - started;
					if (response.statusCode !== 200)
						throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
					rows = (JSON.parse(response.body) as { data: unknown[] }).data.length;
					if (i > 0) runs.push(ms);
				}
				const ms = median(runs);
				timings.push({ label, ms, rows });
				console.log(
					`${dialect} ${ms.toFixed(1).padStart(8)} ms ${ms > LIST_TARGET_MS ? "SLOW" : "    "} ${rows} rows  ${label}`,
				);
			}
		} finally {
			await bench.close();
		}
		return timings;
	} finally {
		await store.remove();
	}
}

const load = [os.loadavg()[0] ?? 0];
const deliveries = new Map<string, Phase[]>();
const lists = new Map<string, ListTiming[]>();
for (const dialect of dialects) {
	deliveries.set(dialect, await deliveryRuns(dialect));
	lists.set(dialect, await logLists(dialect));
}
load.push(os.loadavg()[0] ?? 0);

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "–");
const lines = [
	"## Webhooks: delivery rate, a stuck endpoint, the log lists",
	"",
	`\`npx tsx bench/src/webhooks.ts\` — ${machine()}; load average ${load.map((value) => value.toFixed(1)).join(" → ")}.`,
	"",
	`A real server process (its job runner sends the webhooks) on a ${STORE_TRANSACTIONS.toLocaleString("en-US")}-transaction demo store; a store's code pays through \`POST /v1/payment_intents\` for ${SECONDS} s with ${CONCURRENCY} requests in flight, and a receiver takes every event of an endpoint subscribed to \`*\` (3 events a payment). Lag: the payment's answer to its event's arrival. Then again beside a second endpoint whose receiver never answers (every attempt waits out its 10 s). Targets: at least 200 events/s, p99 lag under ${LAG_TARGET_MS / 1000} s. No run can deliver more events than its intake makes: where the intake takes fewer than 67 payments a second, the delivery rate is the intake's, and what tells is that none is missing and the lag stays low.`,
	"",
	"| engine | run | payments/s | events delivered | events/s | lag p50 ms | lag p99 ms | lag max ms | missing |",
	"|---|---|---:|---:|---:|---:|---:|---:|---:|",
	...[...deliveries.entries()].flatMap(([dialect, phases]) =>
		phases.map(
			(p) =>
				`| ${dialect} | ${p.label} | ${p.paymentsPerSecond.toFixed(1)} | ${p.events.toLocaleString("en-US")} | ${p.eventsPerSecond.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)}${p.p99 > LAG_TARGET_MS ? " (over)" : ""} | ${ms(p.max)} | ${p.missing} |`,
		),
	),
	"",
	`A backlog, the sender's own rate with no intake beside it: the store's handler answers 500 while the store pays for ${BACKLOG_SECONDS} s; once every event has failed once, the handler is back and the failed deliveries are due again at once (as "Resend failed" makes them): ${[...drains.entries()].map(([dialect, d]) => `${dialect} ${d.backlog.toLocaleString("en-US")} events in ${d.seconds.toFixed(1)} s, ${d.eventsPerSecond.toFixed(0)} events/s`).join("; ")}.`,
	"",
	`The Developers area's lists with ${LOG_ROWS.toLocaleString("en-US")} request log entries and ${LOG_ROWS.toLocaleString("en-US")} deliveries of one endpoint, 25 rows a page, through Fastify; median of ${ITERATIONS} after a warm-up. Target: under ${LIST_TARGET_MS} ms.`,
	"",
	`| list | ${dialects.map((dialect) => `${dialect} ms`).join(" | ")} |`,
	`|---|${dialects.map(() => "---:").join("|")}|`,
	...[...new Set([...lists.values()].flatMap((timings) => timings.map((timing) => timing.label)))].map(
		(label) =>
			`| ${label} | ${dialects
				.map((dialect) => {
					const timing = lists.get(dialect)?.find((candidate) => candidate.label === label);
					return timing ? `${timing.ms.toFixed(1)}${timing.ms > LIST_TARGET_MS ? " (over)" : ""}` : "–";
				})
				.join(" | ")} |`,
	),
];
console.log(lines.join("\n"));
if (!argv.includes("--no-readme")) writeReadmeSection("webhooks", lines.join("\n"));
