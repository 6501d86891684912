/**
 * The two range cards' inputs (spec 3 §5.5): amounts take digits and one decimal point, item
 * counts whole numbers from 1 with + - . , e refused; blank means no limit. Each input keeps
 * what was typed and hands the parsed value up, so "12." stays on screen while meaning 12. An
 * amount with more decimals than the store currency has is refused inline and reported up, so
 * the page will not save it (it used to read as no limit).
 */
import type { AmountRangeFilter, ItemRangeFilter } from "@paydesk/domain/fraud-rules";
import {
	amountDecimalsError,
	amountInputText,
	BLOCKED_ITEM_KEYS,
	itemRangeWarning,
	parseItemCount,
	priceRangeWarning,
	sanitizeAmountInput,
} from "@paydesk/domain/fraud-validation";
import { parseMajor } from "@paydesk/domain/money";
import { __ } from "@wordpress/i18n";
import { type KeyboardEvent, useEffect, useState } from "react";
import { translator } from "../../components/translator.ts";
import type { AmountField } from "./use-fraud-protection.ts";

function RangeField({
	id,
	label,
	prefix,
	text,
	onText,
	inputMode,
	onKeyDown,
	error = null,
}: {
	id: string;
	label: string;
	prefix?: string;
	text: string;
	onText: (text: string) => void;
	inputMode: "decimal" | "numeric";
	onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
	/** Why what the input holds is refused, shown under it. */
	error?: string | null;
}) {
	const errorId = `${id}-error`;
	return (
		<div className="paydesk-range-field">
			<label htmlFor={id}>{label}</label>
			<div className="paydesk-range-field__input">
				{prefix && <span aria-hidden="true">{prefix}</span>}
				<input
					id={id}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? errorId : undefined}
					type={inputMode === "numeric" ? "number" : "text"}
					inputMode={inputMode}
					min={inputMode === "numeric" ? 1 : undefined}
					step={inputMode === "numeric" ? 1 : undefined}
					placeholder={__("No limit", "paydesk")}
					value={text}
					onChange={(event) => onText(event.target.value)}
					onKeyDown={onKeyDown}
				/>
			</div>
			{error && (
				<p id={errorId} className="paydesk-range-warning" role="alert">
					{error}
				</p>
			)}
		</div>
	);
}

function Warning({ text }: { text: string | null }) {
	if (!text) return null;
	return (
		<p className="paydesk-range-warning" role="alert">
			{text}
		</p>
	);
}

export function AmountRangeInputs({
	filter,
	currency,
	symbol,
	onChange,
	onAmountError,
}: {
	filter: AmountRangeFilter;
	currency: string;
	/** The symbol before the inputs (spec 3 §9: "$" unless multi-currency is on). */
	symbol: string;
	onChange: (next: AmountRangeFilter) => void;
	onAmountError: (field: AmountField, error: string | null) => void;
}) {
	const [min, setMin] = useState(() => amountInputText(filter.min_amount, currency));
	const [max, setMax] = useState(() => amountInputText(filter.max_amount, currency));
	const minError = amountDecimalsError(min, currency, translator);
	const maxError = amountDecimalsError(max, currency, translator);
	useEffect(() => onAmountError("min_amount", minError), [onAmountError, minError]);
	useEffect(() => onAmountError("max_amount", maxError), [onAmountError, maxError]);
	// Inputs that are gone (the filter was switched off) hold nothing to refuse.
	useEffect(
		() => () => {
			onAmountError("min_amount", null);
			onAmountError("max_amount", null);
		},
		[onAmountError],
	);
	const parse = (text: string) => (text === "" ? null : parseMajor(text, currency));
	return (
		<div className="paydesk-range">
			<div className="paydesk-range__fields">
				<RangeField
					id="fraud-min-amount"
					label={__("Minimum purchase price", "paydesk")}
					prefix={symbol}
					text={min}
					inputMode="decimal"
					error={minError}
					onText={(raw) => {
						const text = sanitizeAmountInput(raw);
						setMin(text);
						onChange({ ...filter, min_amount: parse(text) });
					}}
				/>
				<RangeField
					id="fraud-max-amount"
					label={__("Maximum purchase price", "paydesk")}
					prefix={symbol}
					text={max}
					inputMode="decimal"
					error={maxError}
					onText={(raw) => {
						const text = sanitizeAmountInput(raw);
						setMax(text);
						onChange({ ...filter, max_amount: parse(text) });
					}}
				/>
			</div>
			{!minError && !maxError && <Warning text={priceRangeWarning(filter, translator)} />}
		</div>
	);
}

const blockItemKeys = (event: KeyboardEvent<HTMLInputElement>) => {
	if (BLOCKED_ITEM_KEYS.includes(event.key)) event.preventDefault();
};

export function ItemRangeInputs({
	filter,
	onChange,
}: {
	filter: ItemRangeFilter;
	onChange: (next: ItemRangeFilter) => void;
}) {
	const [min, setMin] = useState(() => (filter.min_items === null ? "" : String(filter.min_items)));
	const [max, setMax] = useState(() => (filter.max_items === null ? "" : String(filter.max_items)));
	return (
		<div className="paydesk-range">
			<div className="paydesk-range__fields">
				<RangeField
					id="fraud-min-items"
					label={__("Minimum items per order", "paydesk")}
					text={min}
					inputMode="numeric"
					onKeyDown={blockItemKeys}
					onText={(text) => {
						setMin(text);
						onChange({ ...filter, min_items: parseItemCount(text) });
					}}
				/>
				<RangeField
					id="fraud-max-items"
					label={__("Maximum items per order", "paydesk")}
					text={max}
					inputMode="numeric"
					onKeyDown={blockItemKeys}
					onText={(text) => {
						setMax(text);
						onChange({ ...filter, max_items: parseItemCount(text) });
					}}
				/>
			</div>
			<Warning text={itemRangeWarning(filter, translator)} />
		</div>
	);
}
