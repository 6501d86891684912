/**
 * WordPress's Date Format and Time Format choices: the preset formats, each shown as the
 * present moment looks in it, and "Custom:" with a text field for any PHP date() format,
 * previewed as it is typed. Choosing a preset puts it in the text field, as WordPress does.
 */
import { formatDate } from "@paydesk/domain/dates";
import { __ } from "@wordpress/i18n";
import { useState } from "react";

export const DATE_FORMATS = ["F j, Y", "Y-m-d", "m/d/Y", "d/m/Y"] as const;
export const TIME_FORMATS = ["g:i a", "g:i A", "H:i"] as const;

export interface FormatChoiceProps {
	name: "date_format" | "time_format";
	legend: string;
	/** The text field's label ("Custom date format:"). */
	customLabel: string;
	/** Said after "Custom:" to screen readers only. */
	customHint: string;
	presets: readonly string[];
	value: string;
	onChange: (format: string) => void;
	error: string | undefined;
	/** Epoch seconds the examples show, in the store's time zone. */
	now: number;
	timeZone: string;
}

export function FormatChoice(props: FormatChoiceProps) {
	const { name, presets, value, onChange, error, now, timeZone } = props;
	const [custom, setCustom] = useState(() => !presets.includes(value));
	const textId = `${name}_custom`;
	const previewId = `${name}_preview`;
	const errorId = `${name}_error`;
	return (
		<fieldset className="paydesk-options-form__fieldset">
			<legend>{props.legend}</legend>
			{presets.map((format) => (
				<label key={format} className="paydesk-options-form__choice">
					<input
						type="radio"
						name={name}
						checked={!custom && value === format}
						onChange={() => {
							setCustom(false);
							onChange(format);
						}}
					/>
					<span>{formatDate(format, now, timeZone)}</span> <code>{format}</code>
				</label>
			))}
			<div className="paydesk-options-form__choice paydesk-options-form__custom">
				<label>
					<input type="radio" name={name} checked={custom} onChange={() => setCustom(true)} />{" "}
					{__("Custom:", "paydesk")} <span className="screen-reader-text">{props.customHint}</span>
				</label>
				<label htmlFor={textId} className="screen-reader-text">
					{props.customLabel}
				</label>
				<input
					id={textId}
					type="text"
					value={value}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? `${errorId} ${previewId}` : previewId}
					onChange={(event) => {
						setCustom(true);
						onChange(event.target.value);
					}}
				/>
			</div>
			{error && (
				<p id={errorId} className="paydesk-options-form__error">
					{error}
				</p>
			)}
			<p id={previewId} className="paydesk-options-form__preview">
				<strong>{__("Preview:", "paydesk")}</strong> {formatDate(value, now, timeZone)}
			</p>
		</fieldset>
	);
}
