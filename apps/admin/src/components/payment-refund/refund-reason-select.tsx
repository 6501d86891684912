/** The refund reason choices (spec 2): duplicate, fraudulent, requested by customer, or none. */
import { REFUND_REASON_OPTIONS, type RefundReason } from "@paydesk/domain/refunds";
import { SelectControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";

export function RefundReasonSelect({
	value,
	onChange,
	disabled = false,
}: {
	value: RefundReason | "";
	onChange: (reason: RefundReason | "") => void;
	disabled?: boolean;
}) {
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={__("Reason for refund (optional)", "paydesk")}
			value={value}
			disabled={disabled}
			options={REFUND_REASON_OPTIONS.map((option) => ({
				value: option.value,
				label: __(option.label, "paydesk"),
			}))}
			onChange={(next: string) => onChange(next as RefundReason | "")}
		/>
	);
}
