/**
 * Instant payout (spec 2 §4, spec 3 §9): per currency, offered only when the instant amount is
 * above 0; a dialog with the amount, the fee and its percentage and the net, from the balance
 * data; funds arrive within 30 minutes. The request carries one Idempotency-Key per dialog,
 * so a double click or a retry pays out once. Not offered to a payments viewer, who moves no money.
 */
import {
	INSTANT_PAYOUT_ARRIVAL_MINUTES,
	type InstantBalance,
	isInstantPayoutAvailable,
} from "@paydesk/domain/payouts";
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { useCan } from "../../app/routes.ts";
import { useInstantPayout } from "../../data/payouts.ts";
import { ConfirmDialog } from "../confirm-dialog/confirm-dialog.tsx";
import { formatMoney } from "../format.ts";

function newKey(): string {
	return typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export function InstantPayoutButton({ instant }: { instant: InstantBalance }) {
	const [open, setOpen] = useState(false);
	const [key, setKey] = useState(newKey);
	const payout = useInstantPayout(instant.currency);
	const canPayOut = useCan("manage_woocommerce");
	if (!canPayOut) return null;

	const available = isInstantPayoutAvailable(instant);
	const money = (amount: number) => formatMoney(amount, instant.currency);
	return (
		<>
			<Button
				variant="primary"
				disabled={!available}
				accessibleWhenDisabled
				onClick={() => {
					setKey(newKey());
					setOpen(true);
				}}
			>
				{__("Get paid instantly", "paydesk")}
			</Button>
			{open && (
				<ConfirmDialog
					title={__("Instant payout", "paydesk")}
					confirmLabel={sprintf(__("Pay %s now", "paydesk"), money(instant.net))}
					isBusy={payout.isPending}
					onConfirm={() => payout.mutate(key, { onSettled: () => setOpen(false) })}
					onCancel={() => setOpen(false)}
					size="medium"
				>
					<p>
						{sprintf(
							__(
								"Need cash in a hurry? Instant payouts arrive within %1$d minutes for a %2$s%% service fee.",
								"paydesk",
							),
							INSTANT_PAYOUT_ARRIVAL_MINUTES,
							String(instant.fee_percentage),
						)}
					</p>
					<dl className="paydesk-instant-payout__lines">
						<dt>{__("Balance available for instant payout", "paydesk")}</dt>
						<dd>{money(instant.amount)}</dd>
						<dt>{sprintf(__("%s%% service fee", "paydesk"), String(instant.fee_percentage))}</dt>
						<dd>-{money(instant.fee)}</dd>
						<dt>{__("Net payout amount", "paydesk")}</dt>
						<dd>
							<strong>{money(instant.net)}</strong>
						</dd>
					</dl>
				</ConfirmDialog>
			)}
		</>
	);
}
