/**
 * Environment, validated once at boot: a bad value stops the server with a clear message. This is
 * the only module that reads process.env; the rest of the server is handed what it needs.
 */
import path from "node:path";
import { z } from "zod";
import type { RateLimitOverrides } from "./http/route-rate-limits.ts";
import { parseAppKey } from "./secrets/app-key.ts";

const perMinute = z.coerce.number().int().min(1).max(1_000_000).optional();

/** An absolute http:// or https:// URL with a host. */
function isHttpUrl(value: string): boolean {
	if (!URL.canParse(value)) return false;
	const url = new URL(value);
	return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

const schema = z.object({
	PORT: z.coerce.number().int().min(0).max(65535).default(8080),
	HOST: z.string().min(1).default("localhost"),
	DATA_DIR: z.string().min(1).default("./data"),
	DATABASE_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// URL" })
		.optional(),
	ADMIN_USER: z
		.string()
		.regex(/^[\w.@-]{1,60}$/, { error: "must be a plain login name" })
		.default("admin"),
	ADMIN_EMAIL: z.string().email().default("admin@example.com"),
	ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
	ACCOUNT_ID: z
		.string()
		.regex(/^acct_\w+$/)
		.default("acct_demo"),
	SEED_TRANSACTIONS: z.coerce.number().int().min(0).default(5000),
	SEED: z.coerce.number().int().default(1),
	LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
	/** json or pretty (readable lines); unset: pretty on a terminal, json when piped or collected. */
	LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
	SMTP_URL: z
		.string()
		.regex(/^smtps?:\/\//, { error: "must be an smtp:// or smtps:// URL" })
		.optional(),
	PUBLIC_URL: z.string().url().optional(),
	/** Where the job runner forwards the usage log; unset: usage events never leave the machine. */
	USAGE_TRACKING_URL: z
		.string()
		.refine(isHttpUrl, { error: "must be an http:// or https:// URL" })
		.optional(),
	SECURE_COOKIES: z.enum(["0", "1", "true", "false"]).default("0"),
	TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
	ADMIN_DIST: z.string().optional(),
	RATE_LIMIT_EXPORTS_PER_MINUTE: perMinute,
	RATE_LIMIT_SUGGESTIONS_PER_MINUTE: perMinute,
	RATE_LIMIT_PAYMENTS_PER_MINUTE: perMinute,
	/**
	 * The server's clock starts at this instant and runs on from it: a demo store, or the
	 * browser journeys' store, that is the same whatever the hour of the run.
	 */
	CLOCK_START: z
		.string()
		.refine((value) => !Number.isNaN(Date.parse(value)), {
			error: "must be a date and time, e.g. 2026-11-20T14:00:00Z",
		})
		.optional(),
	/**
	 * The real moment (epoch milliseconds) at which the clock reads CLOCK_START; unset, the
	 * moment the server's process started. Processes started one after another (the browser
	 * journeys' stores) then share one timeline.
	 */
	CLOCK_STARTED_AT: z.coerce.number().int().min(0).optional(),
	/**
	 * 1: webhooks are never delivered to loopback or private addresses (a shared host). Unset,
	 * they are, since a developer's store often runs on their own machine.
	 */
	WEBHOOK_PUBLIC_ONLY: z.enum(["0", "1", "true", "false"]).default("0"),
	/** Open event streams one user may hold on one server process. */
	EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
	/**
	 * The application key that seals secrets at rest (secrets/app-key.ts); required on PostgreSQL
	 * to store a merchant's Stripe key. Unset on SQLite: a key file in DATA_DIR.
	 */
	PAYDESK_SECRET_KEY: z
		.string()
		.refine((value) => parseAppKey(value) !== null, { error: "must be 32 bytes as 64 hex digits or base64" })
		.optional(),
	/** Where a merchant's own Stripe account is reached (a Paydesk sandbox in tests). */
	STRIPE_API_BASE: z
		.string()
		.refine(isHttpUrl, { error: "must be an http:// or https:// URL" })
		.default("https://api.stripe.com"),
	/** Requests per second sent to Stripe with one key. */
	STRIPE_MAX_RPS: z.coerce.number().int().min(1).max(1_000).default(20),
	/** Days the audit log keeps an entry; older ones are cut from the front of its chain. */
	AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
});

/** The per-user rates of the expensive routes that the environment overrides. */
export function rateLimitsOf(env: Env): RateLimitOverrides {
	const overrides: RateLimitOverrides = {};
	if (env.RATE_LIMIT_EXPORTS_PER_MINUTE) overrides.exports = env.RATE_LIMIT_EXPORTS_PER_MINUTE;
	if (env.RATE_LIMIT_SUGGESTIONS_PER_MINUTE) overrides.suggestions = env.RATE_LIMIT_SUGGESTIONS_PER_MINUTE;
	if (env.RATE_LIMIT_PAYMENTS_PER_MINUTE) overrides.payments = env.RATE_LIMIT_PAYMENTS_PER_MINUTE;
	return overrides;
}

export type Env = z.infer<typeof schema> & { DATA_DIR: string };

export function readEnv(source: NodeJS.ProcessEnv): Env {
	const result = schema.safeParse(source);
	if (!result.success) {
		const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
		throw new Error(`Invalid environment:\n${lines.join("\n")}`);
	}
	return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

export const isTrue = (value: string) => value === "1" || value === "true";

const seconds = (min: number, max: number) =>
	z.coerce
		.number()
		.int({ error: `must be a whole number of seconds from ${min} to ${max}` })
		.min(min, { error: `must be a whole number of seconds from ${min} to ${max}` })
		.max(max, { error: `must be a whole number of seconds from ${min} to ${max}` });

/** Unset or empty, as a shell leaves a variable it was given without a value. */
const unset = (value: unknown) => (value === "" ? undefined : value);

const tuningSchema = z.object({
	/**
	 * How long a claimed job may run before another claimer takes it over; the crash tests set it
	 * short so a job whose server was killed is taken over within seconds.
	 */
	JOB_LEASE_SECONDS: z.preprocess(unset, seconds(1, 86_400).default(300)),
	/**
	 * How long a server process holds a webhook delivery it is sending (longer than an attempt may
	 * take); the crash tests set it short so a killed server's deliveries are sent again soon.
	 */
	WEBHOOK_CLAIM_SECONDS: z.preprocess(unset, seconds(11, 3_600).default(30)),
	/**
	 * How long a server process holds a connected Stripe account's copy (its history import, its
	 * events) without writing before another process may take it over; the crash tests set it short
	 * so the import of a killed server is taken up again within seconds.
	 */
	STRIPE_IMPORT_LEASE_SECONDS: z.preprocess(unset, seconds(1, 3_600).default(60)),
	/** A pause inside each processor step's transaction before it commits, so a crash test's SIGKILL lands mid-run. */
	PROCESSOR_STEP_PAUSE_MS: z.preprocess(unset, z.coerce.number().int().min(0).max(60_000).default(0)),
	/** How long after a dispute card's payment its dispute arrives in the sandbox (default an hour). */
	SANDBOX_DISPUTE_DELAY_SECONDS: z.preprocess(unset, seconds(0, 31_536_000).default(3_600)),
	/** How long the sandbox's bank takes to decide submitted evidence (default two days). */
	SANDBOX_DISPUTE_DECISION_SECONDS: z.preprocess(unset, seconds(0, 31_536_000).default(172_800)),
});

export type Tuning = z.infer<typeof tuningSchema>;

function readTuning(source: NodeJS.ProcessEnv): Tuning {
	const result = tuningSchema.safeParse(source);
	if (!result.success) {
		const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
		throw new Error(`Invalid environment:\n${lines.join("\n")}`);
	}
	return result.data;
}

/**
 * Knobs of the job runner and the sandbox that tests turn, read when the server's modules load
 * (they size constants those modules export) rather than when main() reads the rest.
 */
export const TUNING: Tuning = readTuning(process.env);

/** Under the test runner, which sets VITEST (read each time: a test may stub it). */
export function runningUnderTest(): boolean {
	return Boolean(process.env.VITEST);
}
