/** Environment, validated once at boot: a bad value stops the server with a clear message. */
import path from "node:path";
import { z } from "zod";
import type { RateLimitOverrides } from "./http/route-rate-limits.ts";

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
	/** Open event streams one user may hold on one server process. */
	EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
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
