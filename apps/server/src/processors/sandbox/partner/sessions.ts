/**
 * The partner's embedded-component sessions: a client secret opens the partner's pages for one
 * account for a short while. Only a hash is stored (in the account's onboarding record), and
 * the secret names its account so a lookup needs no scan.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { SESSION_LIMIT, SESSION_WINDOW_SECONDS } from "@paydesk/contract/onboarding";
import type { AccountsTable } from "../../../db/schema.ts";
import type { OnboardingRecord, PartnerSessionRecord } from "../onboarding.ts";
import { onboardingRecordOf } from "../onboarding.ts";

export const SESSION_TTL_SECONDS = 30 * 60;
/** The store's locale as the partner's components take it (the admin speaks en_US). */
export const PARTNER_LOCALE = "en-US";
/** Sessions kept per account; older ones are dropped as new ones start. */
const KEPT_SESSIONS = 5;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

export function publishableKeyOf(row: AccountsTable): string {
	const mode = row.test_mode === 1 || row.test_mode_onboarding === 1 ? "test" : "live";
	return `pk_${mode}_sandbox_${createHash("sha256").update(row.id).digest("hex").slice(0, 24)}`;
}

export class SessionRateLimitError extends Error {
	readonly until: number;
	constructor(until: number) {
		super("Too many account setup sessions were started. Please wait a few minutes before trying again.");
		this.until = until;
	}
}

/**
 * Adds a session to the record. Onboarding sessions are rate limited (SESSION_LIMIT per
 * SESSION_WINDOW_SECONDS), as a partner limits account setup sessions.
 */
export function issueSession(
	accountId: string,
	record: OnboardingRecord,
	now: number,
	options: Omit<PartnerSessionRecord, "hash" | "expires">,
): { record: OnboardingRecord; clientSecret: string } {
	const starts = (record.sessionStarts ?? []).filter((at) => at > now - SESSION_WINDOW_SECONDS);
	if (options.kind === "onboarding" && starts.length >= SESSION_LIMIT) {
		throw new SessionRateLimitError((starts[0] ?? now) + SESSION_WINDOW_SECONDS);
	}
	const clientSecret = `pss_${Buffer.from(accountId).toString("base64url")}_secret_${randomBytes(24).toString("base64url")}`;
	const session: PartnerSessionRecord = {
		...options,
		hash: hashOf(clientSecret),
		expires: now + SESSION_TTL_SECONDS,
	};
	const sessions = [...(record.sessions ?? []).filter((s) => s.expires > now), session].slice(-KEPT_SESSIONS);
	return {
		clientSecret,
		record: {
			...record,
			sessions,
			sessionStarts: options.kind === "onboarding" ? [...starts, now] : starts,
		},
	};
}

/** The account a client secret names, if the secret is well formed (not yet verified). */
export function accountIdOfSecret(clientSecret: string): string | null {
	const match = /^pss_([\w-]+)_secret_[\w-]+$/.exec(clientSecret);
	if (!match?.[1]) return null;
	const accountId = Buffer.from(match[1], "base64url").toString("utf8");
	return /^[\w-]{1,64}$/.test(accountId) ? accountId : null;
}

/** The live session a secret opens on this account, or null. */
export function findSession(
	row: AccountsTable,
	clientSecret: string,
	now: number,
): PartnerSessionRecord | null {
	const wanted = Buffer.from(hashOf(clientSecret), "hex");
	for (const session of onboardingRecordOf(row).sessions ?? []) {
		if (session.expires <= now) continue;
		const stored = Buffer.from(session.hash, "hex");
		if (stored.length === wanted.length && timingSafeEqual(stored, wanted)) return session;
	}
	return null;
}

/** Ends a session once its step is done, so the secret cannot submit twice. */
export function endSession(record: OnboardingRecord, clientSecret: string): OnboardingRecord {
	const hash = hashOf(clientSecret);
	return { ...record, sessions: (record.sessions ?? []).filter((session) => session.hash !== hash) };
}
