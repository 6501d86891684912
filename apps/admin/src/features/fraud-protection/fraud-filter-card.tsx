/**
 * One risk filter card (spec 3 §2.7, spec 1 §5 'Fraud rule card toggle'): a toggle, and while it
 * is on, the action — hold for review or block — when the review feature is active; without it
 * the action is always block and is not offered.
 */
import type { FilterToggle } from "@paydesk/domain/fraud-rules";
import { Card, CardBody, CardHeader, RadioControl, ToggleControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { ReactNode } from "react";

export interface FraudFilterCardProps {
	id: string;
	title: string;
	description: string;
	filter: FilterToggle;
	onChange: (next: FilterToggle) => void;
	reviewFeatureActive: boolean;
	/** Why the filter cannot be used here; the toggle is then off and disabled. */
	disabledReason?: string | undefined;
	children?: ReactNode;
}

export function FraudFilterCard({
	id,
	title,
	description,
	filter,
	onChange,
	reviewFeatureActive,
	disabledReason,
	children,
}: FraudFilterCardProps) {
	const disabled = disabledReason !== undefined;
	const enabled = filter.enabled && !disabled;
	return (
		<Card className="paydesk-fraud-card" id={`fraud-filter-${id}`}>
			<CardHeader>
				<h2 className="paydesk-card-title">{title}</h2>
			</CardHeader>
			<CardBody>
				<p className="paydesk-fraud-card__description">{description}</p>
				<ToggleControl
					__nextHasNoMarginBottom
					label={__("Enable filtering", "paydesk")}
					checked={enabled}
					disabled={disabled}
					onChange={(checked) => onChange({ ...filter, enabled: checked })}
				/>
				{disabled && <p className="paydesk-fraud-card__disabled">{disabledReason}</p>}
				{enabled && reviewFeatureActive && (
					<RadioControl
						className="paydesk-fraud-card__action"
						label={__("Filter action", "paydesk")}
						selected={filter.block ? "block" : "review"}
						options={[
							{ label: __("Authorize and hold for review", "paydesk"), value: "review" },
							{ label: __("Block Payment", "paydesk"), value: "block" },
						]}
						onChange={(value) => onChange({ ...filter, block: value === "block" })}
					/>
				)}
				{enabled && children}
			</CardBody>
		</Card>
	);
}
