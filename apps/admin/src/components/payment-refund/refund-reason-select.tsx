/** The refund reason choices (spec 2): duplicate, fraudulent, requested by customer, or none. */
import { type RefundReason, refundReasonOptions } from "@paydesk/domain/refunds";
import { SelectControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { translator } from "../translator.ts";

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
			options={refundReasonOptions(translator)}
			onChange={(next: string) => onChange(next as RefundReason | "")}
		/>
	);
}
