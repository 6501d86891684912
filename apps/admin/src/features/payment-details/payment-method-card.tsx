/**
 * The payment method card (spec 2 §3 "Payment method details", spec 3 §8): the fields of the
 * method's type (number, expiry, card type, brand, network, bank, IBAN …, p24 banks by their
 * display names), the card's checks, then who paid and from where.
 */
import type { Charge } from "@paydesk/contract/charges";
import { paymentMethodRows } from "@paydesk/domain/payment-methods";
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { translator } from "../../components/translator.ts";

function billingRows(charge: Charge): { key: string; label: string; value: string }[] {
	const billing = charge.billing_details;
	const address = billing.address;
	const addressText = address
		? [
				address.line1,
				address.line2,
				[address.postal_code, address.city].filter(Boolean).join(" "),
				address.state,
				address.country,
			]
				.filter((part): part is string => Boolean(part))
				.join(", ")
		: "";
	return [
		{ key: "owner", label: __("Owner", "paydesk"), value: billing.name ?? "" },
		{ key: "email", label: __("Owner email", "paydesk"), value: billing.email ?? "" },
		{ key: "address", label: __("Address", "paydesk"), value: addressText },
		{ key: "phone", label: __("Phone", "paydesk"), value: billing.phone ?? "" },
	].filter((row) => row.value !== "");
}

export function PaymentMethodCard({ charge }: { charge: Charge }) {
	const rows = [...paymentMethodRows(charge.payment_method_details, translator), ...billingRows(charge)];
	return (
		<Card className="paydesk-payment-method">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Payment method", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<dl className="paydesk-payment-method__rows">
					{rows.map((row) => (
						<div key={row.key}>
							<dt>{row.label}</dt>
							<dd>{row.value}</dd>
						</div>
					))}
				</dl>
			</CardBody>
		</Card>
	);
}
