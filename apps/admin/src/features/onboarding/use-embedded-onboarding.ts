/**
 * The embedded step (spec 1 §2.3, §7, §8): starts the partner session, checks it carries a
 * publishable key, loads the partner's component into the container, and finalizes when the
 * merchant leaves it.
 */
import { createKycSession, type KycSessionBody } from "@paydesk/contract/onboarding";
import { useEffect, useRef, useState } from "react";
import { callRoute } from "../../app/api.ts";
import { finalizeAndLeave } from "./finalize.ts";
import { loadPartner, type PartnerError, type PartnerOnboardingElement } from "./partner-connect.ts";
import type { OnboardingParams } from "./use-onboarding-params.ts";

export const MISSING_PUBLISHABLE_KEY = "Missing publishable key in session response";

export type EmbeddedStatus = "loading" | "ready" | "error" | "finalizing";

export function useEmbeddedOnboarding(body: KycSessionBody, params: OnboardingParams) {
	const container = useRef<HTMLDivElement | null>(null);
	const [status, setStatus] = useState<EmbeddedStatus>("loading");
	const [error, setError] = useState<PartnerError | null>(null);
	// The session is started once per mount: the body and params of the first render count.
	const start = useRef({ body, params });

	useEffect(() => {
		let element: PartnerOnboardingElement | null = null;
		let active = true;
		const fail = (next: PartnerError) => {
			if (!active) return;
			setError(next);
			setStatus("error");
		};
		void (async () => {
			try {
				const session = await callRoute(createKycSession, { body: start.current.body });
				if (!session.publishableKey) throw new Error(MISSING_PUBLISHABLE_KEY);
				const partner = await loadPartner();
				if (!active) return;
				element = partner
					.initConnect({
						publishableKey: session.publishableKey,
						fetchClientSecret: async () => session.clientSecret,
						locale: session.locale,
					})
					.create("account-onboarding");
				element.setOnLoaderStart(() => active && setStatus("ready"));
				element.setOnLoadError(({ error: loadError }) => fail(loadError));
				element.setOnExit(() => {
					if (!active) return;
					setStatus("finalizing");
					void finalizeAndLeave(start.current.params);
				});
				container.current?.appendChild(element);
			} catch (caught) {
				fail({ type: "api_error", message: caught instanceof Error ? caught.message : String(caught) });
			}
		})();
		return () => {
			active = false;
			element?.destroy?.();
			element?.remove();
		};
	}, []);

	return { container, status, error };
}
