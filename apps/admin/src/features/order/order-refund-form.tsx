/**
 * A partial refund from the order (spec 2 "Partial refund … opens the order"): an amount up to
 * what can still be refunded, in the payment's currency, and an optional reason, sent through
 * the same refund route as a refund in full. The Idempotency-Key changes with what is asked
 * and after each refund, so a double click or a retry of the same request refunds once. Not
 * offered to a payments viewer, who moves no money.
 */
import type { StoreOrder } from "@paydesk/contract/orders";
import { parseMajor } from "@paydesk/domain/money";
import type { RefundReason } from "@paydesk/domain/refunds";
import { Button, Card, CardBody, CardHeader, TextControl } from "@wordpress/components";
import { __, _x, sprintf } from "@wordpress/i18n";
import { useRef, useState } from "react";
import { useCan } from "../../app/routes.ts";
import { formatMoney } from "../../components/format.ts";
import { RefundReasonSelect } from "../../components/payment-refund/refund-reason-select.tsx";
import { newIdempotencyKey, useRefund } from "../../data/payments.ts";

/** The amount typed, in minor units, or why it cannot be refunded. */
export function refundAmountOf(
	input: string,
	currency: string,
	refundable: number,
): { amount: number } | { error: string } {
	const amount = parseMajor(input, currency);
	if (amount === null || amount <= 0) return { error: __("Enter an amount above zero.", "paydesk") };
	if (amount > refundable) {
		return {
			error: sprintf(
				__("The refund cannot be more than the %s that can still be refunded.", "paydesk"),
				formatMoney(refundable, currency),
			),
		};
	}
	return { amount };
}

export function OrderRefundForm({ order }: { order: StoreOrder }) {
	const charge = order.charge;
	const currency = order.refund_currency ?? charge?.currency ?? order.currency;
	const [input, setInput] = useState("");
	const [reason, setReason] = useState<RefundReason | "">("");
	const [touched, setTouched] = useState(false);
	const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey("refund"));
	const inFlight = useRef(false);
	const refund = useRefund(order.number);
	const canRefund = useCan("manage_woocommerce");
	if (!charge || !canRefund) return null;

	const parsed = refundAmountOf(input, currency, order.refundable_amount);
	const change =
		<T,>(set: (value: T) => void) =>
		(value: T) => {
			set(value);
			// Another request deserves another key; the same one sent twice must not be two refunds.
			setIdempotencyKey(newIdempotencyKey("refund"));
		};
	const submit = () => {
		setTouched(true);
		if ("error" in parsed || inFlight.current) return;
		inFlight.current = true;
		refund.mutate(
			{ chargeId: charge.id, amount: parsed.amount, reason, orderId: order.id, idempotencyKey },
			{
				onSuccess: () => {
					setInput("");
					setReason("");
					setTouched(false);
					setIdempotencyKey(newIdempotencyKey("refund"));
				},
				onSettled: () => {
					inFlight.current = false;
				},
			},
		);
	};

	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">{_x("Refund", "noun: heading of the refund form", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<form
					className="paydesk-order-refund"
					onSubmit={(event) => {
						event.preventDefault();
						submit();
					}}
				>
					<p>
						{sprintf(
							__("Up to %s can be refunded to the customer's original payment method.", "paydesk"),
							formatMoney(order.refundable_amount, currency),
						)}
					</p>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={sprintf(__("Refund amount (%s)", "paydesk"), currency.toUpperCase())}
						inputMode="decimal"
						autoComplete="off"
						value={input}
						disabled={refund.isPending}
						onChange={change(setInput)}
						help={touched && "error" in parsed ? parsed.error : undefined}
						aria-invalid={touched && "error" in parsed}
					/>
					<RefundReasonSelect value={reason} onChange={change(setReason)} disabled={refund.isPending} />
					<div>
						<Button
							type="submit"
							variant="primary"
							isBusy={refund.isPending}
							disabled={refund.isPending}
							accessibleWhenDisabled
						>
							{"amount" in parsed
								? /* translators: %s: the amount to refund */
									sprintf(__("Refund %s", "paydesk"), formatMoney(parsed.amount, currency))
								: _x("Refund", "verb: button that refunds the payment", "paydesk")}
						</Button>
					</div>
				</form>
			</CardBody>
		</Card>
	);
}
