/**
 * The two-factor routes of the signed-in user (contract/two-factor.ts): status, a fresh key with
 * its QR code, turning on with a code of that key, turning off with a current code, and new
 * recovery codes.
 */
import {
	disableTotp,
	enableTotp,
	generateBackupCodes,
	getTotpKey,
	getTwoFactorStatus,
	TWO_FACTOR_ERRORS,
	type TwoFactorStatus,
} from "@paydesk/contract/two-factor";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { auditActorOf, recordAudit } from "../../audit/record.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/schema.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { readSiteSettings } from "../../wp/site-settings.ts";
import type { AuthUser } from "../context.ts";
import { roleRequiresTwoFactor } from "./required.ts";
import type { TwoFactorSecrets } from "./secrets.ts";
import {
	disableTwoFactor,
	enableTwoFactor,
	recoveryCodesLeft,
	replaceRecoveryCodes,
	twoFactorEnabledAt,
} from "./store.ts";
import { matchingStep, newTotpKey, otpauthUri, qrCodeDataUrl } from "./totp.ts";
import { checkCode } from "./verify.ts";

const invalidCode = () =>
	new RestError(TWO_FACTOR_ERRORS.invalidCode, "Invalid Two Factor Authentication code.", 400, {
		params: { code: "code does not match: enter the code the authenticator app shows now" },
	});

const notEnabled = () =>
	new RestError(
		TWO_FACTOR_ERRORS.notEnabled,
		"Two-factor sign-in is not on for this user: set up an authenticator app first.",
		400,
	);

function tooManyCodes(reply: FastifyReply, wait: number): RestError {
	reply.header("retry-after", String(wait));
	return new RestError(
		TWO_FACTOR_ERRORS.tooManyCodes,
		"Too many invalid verification codes. Please try again later.",
		429,
		{ retry_after: wait },
	);
}

export function registerTwoFactorRoutes(
	app: FastifyInstance,
	db: Kysely<Database>,
	clock: Clock,
	secrets: TwoFactorSecrets,
): void {
	const status = async (user: AuthUser): Promise<TwoFactorStatus> => {
		const [enabledAt, required, remaining] = await Promise.all([
			twoFactorEnabledAt(db, user),
			roleRequiresTwoFactor(db, user),
			recoveryCodesLeft(db, user),
		]);
		return {
			enabled: enabledAt !== null,
			enabled_at: enabledAt,
			required,
			backup_codes_remaining: remaining,
		};
	};

	contractRoute(app, getTwoFactorStatus, async ({ user }) => status(user));

	contractRoute(app, getTotpKey, async ({ user }) => {
		const key = newTotpKey();
		const { title } = await readSiteSettings(db, user.accountId);
		return { key, qr_code_url: await qrCodeDataUrl(otpauthUri(key, title, user.login)) };
	});

	/** The user's own security change, in the audit log of their account. */
	const recordTwoFactor = (
		trx: Kysely<Database>,
		request: FastifyRequest,
		user: AuthUser,
		action: "two_factor.enabled" | "two_factor.disabled",
	) =>
		recordAudit(trx, {
			accountId: user.accountId,
			action,
			actor: auditActorOf(request),
			now: clock.seconds(),
			object: { type: "user", id: String(user.id) },
			details: { method: "totp" },
		});

	contractRoute(app, enableTotp, async ({ user, body, request }) => {
		const now = clock.seconds();
		// The app makes codes from the key the admin was given: a code of it proves the app has it.
		const step = matchingStep(body.key, body.code, now, null);
		if (step === null) throw invalidCode();
		await db.transaction().execute(async (trx) => {
			await enableTwoFactor(trx, secrets, user, { key: body.key, step, now });
			await recordTwoFactor(trx, request, user, "two_factor.enabled");
		});
		return status(user);
	});

	contractRoute(app, disableTotp, async ({ user, body, request, reply }) => {
		if ((await twoFactorEnabledAt(db, user)) === null) throw notEnabled();
		if (await roleRequiresTwoFactor(db, user)) {
			throw new RestError(
				TWO_FACTOR_ERRORS.required,
				"Two-factor sign-in is required for your role: it cannot be turned off.",
				403,
			);
		}
		const check = await checkCode(db, secrets, user, body.code, {
			now: clock.seconds(),
			address: request.ip,
		});
		if (!check.ok) throw check.wait > 0 ? tooManyCodes(reply, check.wait) : invalidCode();
		await disableTwoFactor(db, user, (trx) => recordTwoFactor(trx, request, user, "two_factor.disabled"));
		return status(user);
	});

	contractRoute(app, generateBackupCodes, async ({ user }) => {
		if ((await twoFactorEnabledAt(db, user)) === null) throw notEnabled();
		return { codes: await replaceRecoveryCodes(db, secrets, user, clock.seconds()) };
	});
}
