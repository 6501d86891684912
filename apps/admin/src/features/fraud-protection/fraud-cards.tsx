/**
 * The seven cards of spec 3 §2.7, in the spec's order, each bound to its filter; each card's
 * first coming into view is a usage event.
 */
import { isInternationalIpAvailable } from "@paydesk/domain/fraud-rules";
import { Card, CardBody, CardHeader, ToggleControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useRef } from "react";
import { FraudFilterCard } from "./fraud-filter-card.tsx";
import { AmountRangeInputs, ItemRangeInputs } from "./range-inputs.tsx";
import { useCardsSeen } from "./use-cards-seen.ts";
import type { FraudPageState } from "./use-fraud-protection.ts";

/** CVC is the account's declineOnCVCFailure: fixed on when set, shown off otherwise (spec 3 §4.5). */
function CvcCard({ fixed }: { fixed: boolean }) {
	return (
		<Card className="paydesk-fraud-card" id="fraud-filter-cvc_verification">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("CVC Verification", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<p className="paydesk-fraud-card__description">
					{__(
						"The card verification code (CVC) the customer enters is checked against what the card issuer has on file.",
						"paydesk",
					)}
				</p>
				<ToggleControl
					__nextHasNoMarginBottom
					label={__("Enable filtering", "paydesk")}
					checked={fixed}
					disabled
					onChange={() => undefined}
				/>
				<p className="paydesk-fraud-card__disabled">
					{fixed
						? __(
								"For security, this filter is enabled and cannot be modified. Payments failing CVC verification will be blocked.",
								"paydesk",
							)
						: __("This filter is disabled, and cannot be modified.", "paydesk")}
				</p>
			</CardBody>
		</Card>
	);
}

export function FraudCards({ state }: { state: FraudPageState }) {
	const { filters, update, reviewFeatureActive } = state;
	const cards = useRef<HTMLDivElement>(null);
	useCardsSeen(cards, filters !== null);
	if (!filters) return null;
	const common = { reviewFeatureActive };
	return (
		<div className="paydesk-fraud-cards" ref={cards}>
			<FraudFilterCard
				{...common}
				id="avs_verification"
				title={__("AVS mismatch", "paydesk")}
				description={__(
					"Flag payments whose billing address does not match what the card issuer has on file (address verification).",
					"paydesk",
				)}
				filter={filters.avs_verification}
				onChange={(avs_verification) => update({ avs_verification })}
			/>
			<FraudFilterCard
				{...common}
				id="international_ip_address"
				title={__("International IP Address", "paydesk")}
				description={__(
					"Flag orders placed from an IP address in a country the store does not sell to.",
					"paydesk",
				)}
				filter={filters.international_ip_address}
				onChange={(international_ip_address) => update({ international_ip_address })}
				disabledReason={
					isInternationalIpAvailable(state.selling)
						? undefined
						: __(
								"This filter is disabled because the store sells to all countries. Limit the selling locations in the store's general settings to use it.",
								"paydesk",
							)
				}
			/>
			<FraudFilterCard
				{...common}
				id="ip_address_mismatch"
				title={__("IP Address Mismatch", "paydesk")}
				description={__(
					"Flag orders whose IP address is in a different country from the billing address.",
					"paydesk",
				)}
				filter={filters.ip_address_mismatch}
				onChange={(ip_address_mismatch) => update({ ip_address_mismatch })}
			/>
			<FraudFilterCard
				{...common}
				id="address_mismatch"
				title={__("Address Mismatch", "paydesk")}
				description={__("Flag orders whose shipping address differs from the billing address.", "paydesk")}
				filter={filters.address_mismatch}
				onChange={(address_mismatch) => update({ address_mismatch })}
			/>
			<FraudFilterCard
				{...common}
				id="purchase_price_threshold"
				title={__("Purchase Price Threshold", "paydesk")}
				description={__("Flag orders below a minimum or above a maximum purchase price.", "paydesk")}
				filter={filters.purchase_price_threshold}
				onChange={(toggle) =>
					update({ purchase_price_threshold: { ...filters.purchase_price_threshold, ...toggle } })
				}
			>
				<AmountRangeInputs
					filter={filters.purchase_price_threshold}
					currency={state.storeCurrency}
					symbol={state.amountSymbol}
					onChange={(purchase_price_threshold) => update({ purchase_price_threshold })}
					onAmountError={state.reportAmountError}
				/>
			</FraudFilterCard>
			<FraudFilterCard
				{...common}
				id="order_items_threshold"
				title={__("Order Items Threshold", "paydesk")}
				description={__("Flag orders with fewer or more items than you expect.", "paydesk")}
				filter={filters.order_items_threshold}
				onChange={(toggle) =>
					update({ order_items_threshold: { ...filters.order_items_threshold, ...toggle } })
				}
			>
				<ItemRangeInputs
					filter={filters.order_items_threshold}
					onChange={(order_items_threshold) => update({ order_items_threshold })}
				/>
			</FraudFilterCard>
			<CvcCard fixed={state.declineOnCVCFailure} />
		</div>
	);
}
