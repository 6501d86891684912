/**
 * One payment method in the wizard: its checkbox, name and description, the status label of
 * spec 3 §4.3, and the currency it still needs when multi-currency is off (spec 3 §5.3).
 */
import {
	currencyRequirementText,
	type MethodStatusEntry,
	methodStatusLabel,
	type PaymentMethodDefinition,
} from "@paydesk/domain/payment-method-enablement";
import { CheckboxControl, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { Chip } from "../../components/chip.tsx";
import { Tooltip } from "../../components/tooltip/tooltip.tsx";
import { translator } from "../../components/translator.ts";

export interface MethodRowProps {
	method: PaymentMethodDefinition;
	status: MethodStatusEntry;
	checked: boolean;
	locked: boolean;
	busy: boolean;
	note?: string | undefined;
	requiredCurrencies: string[] | null;
	onChange: (checked: boolean) => void;
}

export function MethodRow({
	method,
	status,
	checked,
	locked,
	busy,
	note,
	requiredCurrencies,
	onChange,
}: MethodRowProps) {
	const statusLabel = methodStatusLabel(status.status, translator);
	return (
		<li className="paydesk-method-row">
			<div className="paydesk-method-row__check">
				{busy ? (
					<Spinner />
				) : (
					<CheckboxControl
						__nextHasNoMarginBottom
						label={method.label}
						checked={checked}
						disabled={locked}
						onChange={onChange}
					/>
				)}
				{busy && <span className="paydesk-method-row__busy-label">{method.label}</span>}
			</div>
			<div className="paydesk-method-row__text">
				<span>{method.description}</span>
				{note && <span className="paydesk-method-row__note">{note}</span>}
			</div>
			<div className="paydesk-method-row__badges">
				{statusLabel && (
					<Chip label={statusLabel} type={status.status === "inactive" ? "alert" : "warning"} />
				)}
				{requiredCurrencies && (
					<Tooltip text={currencyRequirementText(method.label, requiredCurrencies, translator)}>
						<button type="button" className="paydesk-method-row__setup">
							{__("Requires currency", "paydesk")}
						</button>
					</Tooltip>
				)}
			</div>
		</li>
	);
}
