/**
 * Leaving the embedded step (spec 1 §4.6): finalize, then the overview with
 * wcpay-connection-success=1 (or the settings page when asked), or the connect page with
 * wcpay-connection-error=1.
 */
import { CONNECT_FLAGS } from "@paydesk/contract/connect";
import { finalizeOnboarding } from "@paydesk/contract/onboarding";
import { callRoute } from "../../app/api.ts";
import { adminUrl, settingsUrl } from "../../app/router.tsx";
import { redirectTo } from "./redirect.ts";
import type { OnboardingParams } from "./use-onboarding-params.ts";

export function connectionErrorUrl(
	params: Pick<OnboardingParams, "source">,
	extra: Record<string, string> = {},
): string {
	return adminUrl("/payments/connect", {
		source: params.source,
		...extra,
		[CONNECT_FLAGS.connectionError]: "1",
	});
}

export async function finalizeAndLeave(params: OnboardingParams): Promise<void> {
	try {
		const answer = await callRoute(finalizeOnboarding, {
			body: { source: params.source, from: params.from },
		});
		if (!answer.success) return redirectTo(connectionErrorUrl(params, answer.params));
		const args = { ...answer.params, [CONNECT_FLAGS.connectionSuccess]: "1" };
		redirectTo(
			params.redirectToSettingsPage
				? settingsUrl({ tab: "checkout", section: "woocommerce_payments", ...args })
				: adminUrl("/payments/overview", args),
		);
	} catch {
		redirectTo(connectionErrorUrl(params));
	}
}
