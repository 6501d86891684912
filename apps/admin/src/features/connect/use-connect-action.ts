/**
 * The primary button's action (spec 1 §4.1, §4.6, §5): the unsupported-country confirmation
 * first, then the incentive's promotion (a failure shows its error, and the next click goes on
 * without it), then the connect URL with source and from.
 */
import { activatePromo } from "@paydesk/contract/connect";
import { isCountrySupported, withQueryArgs } from "@paydesk/domain/connect";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { callRoute } from "../../app/api.ts";
import { getSettings } from "../../app/settings.ts";
import { redirectTo } from "./redirect.ts";
import type { ConnectParams } from "./use-connect-params.ts";

export function useConnectAction(params: ConnectParams) {
	const settings = getSettings();
	const [busy, setBusy] = useState(false);
	const [confirmingCountry, setConfirmingCountry] = useState(false);
	const [promoError, setPromoError] = useState("");
	const [promoFailed, setPromoFailed] = useState(false);

	const proceed = async () => {
		setConfirmingCountry(false);
		setBusy(true);
		if (settings.connectIncentive && !promoFailed) {
			try {
				const result = await callRoute(activatePromo, { params: { id: settings.connectIncentive.id } });
				if (!result.success) throw new Error("not applied");
			} catch {
				setPromoError(
					__(
						"There was an error applying the promotion. Please contact support for assistance if the problem persists",
						"paydesk",
					),
				);
				setPromoFailed(true);
				setBusy(false);
				return;
			}
		}
		redirectTo(
			withQueryArgs(settings.connectUrl, {
				source: params.source,
				from: "WCPAY_CONNECT",
				capabilities: params.capabilities,
				redirect_to_settings_page: params.redirectToSettingsPage ? "true" : undefined,
			}),
		);
	};

	const start = () => {
		if (!isCountrySupported(settings.connect.country, settings.connect.availableCountries)) {
			setConfirmingCountry(true);
			return;
		}
		void proceed();
	};

	return {
		busy,
		promoError,
		start,
		confirmingCountry,
		confirmCountry: () => void proceed(),
		cancelCountry: () => setConfirmingCountry(false),
	};
}
