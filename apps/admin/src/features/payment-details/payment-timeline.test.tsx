import type { ResponseInputOf } from "@paydesk/contract/route";
/**
 * The timeline speaks the user's language. Its sentences come from packages/domain's
 * timeline through the admin's translator, so with the French catalogue loaded a French store
 * reads them in French, amounts and the payout's date written the French way, and a dispute's
 * reason by its French name.
 */
import { getTimeline } from "@paydesk/contract/timeline";
import { screen } from "@testing-library/react";
import { resetLocaleData } from "@wordpress/i18n";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadTranslations } from "../../app/translations.ts";
import { on, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { PaymentTimeline } from "./payment-timeline.tsx";

const PAID = 1_700_000_000;
const TIMELINE: ResponseInputOf<typeof getTimeline> = {
	data: [
		{
			type: "captured",
			datetime: PAID,
			amount: 5_000,
			amount_captured: 5_000,
			currency: "usd",
			fee: 175,
			deposit: { id: "po_1", arrival_date: PAID + 3 * 86_400 },
		},
		{
			type: "dispute_needs_response",
			datetime: PAID + 86_400,
			amount: 5_000,
			currency: "usd",
			reason: "product_not_received",
			transaction_details: { customer_currency: "usd", customer_amount: 5_000, store_amount: 0 },
		},
	],
};

beforeEach(() => {
	stubApi(
		on(getTimeline).reply(({ params }) =>
			params.id === "pi_test1" ? TIMELINE : restError(404, "rest_no_route", "Not found"),
		),
	);
});
afterEach(() => resetLocaleData(undefined, "paydesk"));

function renderTimeline() {
	renderWithQueryClient(<PaymentTimeline paymentIntentId="pi_test1" />);
}

describe("the payment timeline in the user's language", () => {
	it("reads a capture and an inquiry in French, with French amounts, date and dispute reason", async () => {
		testSettings({ locale: { code: "fr_FR", language: "fr" }, dateFormat: "j F Y", timezone: "UTC" });
		expect(await loadTranslations("fr_FR")).toBe("fr_FR");
		renderTimeline();

		expect(await screen.findByText("Un paiement de 50,00 $ a été capturé.")).toBeTruthy();
		expect(screen.getByText("Frais : -1,75 $")).toBeTruthy();
		expect(screen.getByText("Net : 48,25 $")).toBeTruthy();
		const payout = screen.getByRole("link", { name: "17 novembre 2023" });
		expect(payout.closest("li")?.textContent).toBe("Inclus dans le versement du 17 novembre 2023");
		expect(
			screen.getByText("La banque du client a ouvert une demande de renseignements : Produit non reçu."),
		).toBeTruthy();
		expect(screen.getByText("Répondez avant la date limite ou effectuez un remboursement.")).toBeTruthy();
	});

	it("reads the same events in English when no catalogue is loaded", async () => {
		testSettings({ dateFormat: "F j, Y", timezone: "UTC" });
		renderTimeline();

		expect(await screen.findByText("A payment of $50.00 was captured.")).toBeTruthy();
		const payout = screen.getByRole("link", { name: "November 17, 2023" });
		expect(payout.closest("li")?.textContent).toBe("Included in the payout of November 17, 2023");
		expect(screen.getByText("The customer's bank opened an inquiry: Product not received.")).toBeTruthy();
	});
});
