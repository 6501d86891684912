import { lookupVatNumber, saveTaxDetails, VAT_ERRORS } from "@paydesk/contract/vat";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { TaxDetailsModal } from "./tax-details-modal.tsx";

let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
	requests = stubApi(
		on(lookupVatNumber).reply(({ params }) =>
			params.vat_number === "DE 123"
				? restError(
						400,
						VAT_ERRORS.invalidNumber,
						"The VAT number must have 8 to 12 digits after its country code, for example DE 123456789.",
					)
				: { vat_number: "DE123456789", name: "Acme GmbH", address: "Friedrichstraße 1\n10117 Berlin" },
		),
		on(saveTaxDetails).reply(({ body }) => ({
			vat_number: body.vat_number ?? null,
			name: body.name,
			address: body.address,
		})),
	);
});

/** What a request sent: its method, URL and body. */
const sent = (request: RecordedRequest | undefined) => ({
	method: request?.method,
	url: request?.url,
	body: request?.body,
});

function renderModal(country: string) {
	const onSaved = vi.fn();
	renderWithQueryClient(
		<TaxDetailsModal country={country} onSaved={onSaved} onRequestClose={() => undefined} />,
	);
	return { onSaved, user: userEvent.setup() };
}

describe("'Set your tax details' (spec 1 §4.6, §5)", () => {
	it("prefixes the number with the country code and keeps Continue disabled while it is only the prefix", async () => {
		const { user } = renderModal("DE");
		expect(screen.getByRole("dialog", { name: "Set your tax details" })).toBeTruthy();
		await user.click(screen.getByRole("checkbox", { name: "I’m registered for a VAT number" }));
		const field = screen.getByRole("textbox", { name: "VAT Number" }) as HTMLInputElement;
		expect(field.value).toBe("DE ");
		expect(
			screen.getByText("8 to 12 digits with your country code prefix, for example DE 123456789."),
		).toBeTruthy();
		const next = screen.getByRole("button", { name: "Continue" });
		expect(next.getAttribute("aria-disabled")).toBe("true");
		await user.type(field, "123456789");
		expect(next.getAttribute("aria-disabled")).toBeNull();
	});

	it("calls it a Corporate Number in Japan, with no prefix", async () => {
		const { user } = renderModal("JP");
		await user.click(screen.getByRole("checkbox", { name: "I’m registered for a VAT number" }));
		expect((screen.getByRole("textbox", { name: "Corporate Number" }) as HTMLInputElement).value).toBe("");
		expect(screen.getByText("A 13 digit number, for example 1234567890123.")).toBeTruthy();
	});

	it("looks the number up, pre-fills 'Confirm your business details' and saves name, address and number", async () => {
		const { user, onSaved } = renderModal("DE");
		await user.click(screen.getByRole("checkbox", { name: "I’m registered for a VAT number" }));
		await user.type(screen.getByRole("textbox", { name: "VAT Number" }), "987654321");
		await user.click(screen.getByRole("button", { name: "Continue" }));
		expect(await screen.findByRole("heading", { name: "Confirm your business details" })).toBeTruthy();
		expect(requests[0]?.url).toBe("/wp-json/wc/v3/payments/vat/DE%20987654321");
		const name = screen.getByRole("textbox", { name: "Business name" }) as HTMLInputElement;
		expect(name.value).toBe("Acme GmbH");

		// Confirm needs a non-empty name after trimming.
		await user.clear(name);
		await user.type(name, "   ");
		expect(screen.getByRole("button", { name: "Confirm" }).getAttribute("aria-disabled")).toBe("true");
		await user.clear(name);
		await user.type(name, " Acme Berlin GmbH ");
		await user.click(screen.getByRole("button", { name: "Confirm" }));
		await waitFor(() => expect(onSaved).toHaveBeenCalled());
		expect(sent(requests.at(-1))).toEqual({
			method: "POST",
			url: "/wp-json/wc/v3/payments/vat",
			body: {
				vat_number: "DE123456789",
				name: "Acme Berlin GmbH",
				address: "Friedrichstraße 1\n10117 Berlin",
			},
		});
	});

	it("goes to the business step without a lookup when not registered for VAT", async () => {
		const { user } = renderModal("DE");
		await user.click(screen.getByRole("button", { name: "Continue" }));
		expect(await screen.findByRole("heading", { name: "Confirm your business details" })).toBeTruthy();
		expect(requests).toEqual([]);
	});

	it("shows the server's message when the lookup fails, and stays on the first step", async () => {
		const { user } = renderModal("DE");
		const notices = await import("../../app/notices.tsx");
		const spy = vi.spyOn(notices, "createNotice");
		await user.click(screen.getByRole("checkbox", { name: "I’m registered for a VAT number" }));
		await user.type(screen.getByRole("textbox", { name: "VAT Number" }), "123");
		await user.click(screen.getByRole("button", { name: "Continue" }));
		await waitFor(() =>
			expect(spy).toHaveBeenCalledWith(
				"error",
				"The VAT number must have 8 to 12 digits after its country code, for example DE 123456789.",
				{ id: "tax-details" },
			),
		);
		expect(screen.getByRole("button", { name: "Continue" })).toBeTruthy();
	});
});
