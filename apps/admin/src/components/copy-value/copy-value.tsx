/**
 * A value to copy (an API key, a signing secret) with its Copy button. The clipboard is written
 * where the browser allows it, and the button says "Copied" for a moment (a status message tells
 * screen readers too). Where it does not (a page not served over HTTPS, a refused permission)
 * the value is in a read-only field, focused and selected, with a line saying how to copy it
 * from the keyboard.
 *
 * Shown as a labelled field (a key or secret just made, or revealed), or as code text in a row
 * of a table, which becomes a field the first time copying is refused.
 */
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useId, useRef, useState } from "react";
import "./copy-value.css";

/** How long the button says "Copied". */
export const COPIED_MS = 2_000;

async function writeClipboard(text: string): Promise<boolean> {
	try {
		if (typeof navigator === "undefined" || !navigator.clipboard?.writeText) return false;
		await navigator.clipboard.writeText(text);
		return true;
	} catch {
		return false;
	}
}

function selectAll(input: HTMLInputElement | null) {
	input?.focus();
	input?.select();
}

type Outcome = "idle" | "copied" | "refused";

interface CopyValueProps {
	value: string;
	/** The field's label; with `display="text"` it is read by screen readers only. */
	label: string;
	/** The button's accessible name where "Copy" alone would not say what it copies (a row of a table). */
	copyLabel?: string;
	/** "field": a labelled read-only field; "text": code text, a field once copying was refused. */
	display?: "field" | "text";
	/** The field takes the focus, selected, when it appears (a value shown once, in a dialog). */
	autoFocus?: boolean;
}

export function CopyValue({ value, label, copyLabel, display = "field", autoFocus = false }: CopyValueProps) {
	const id = useId();
	const input = useRef<HTMLInputElement>(null);
	const [outcome, setOutcome] = useState<Outcome>("idle");
	// Counted so that each refusal selects the field again, once it is on the page.
	const [refusals, setRefusals] = useState(0);
	const asField = display === "field" || refusals > 0;
	const copied = outcome === "copied";

	useEffect(() => {
		if (!copied) return;
		const timer = setTimeout(() => setOutcome("idle"), COPIED_MS);
		return () => clearTimeout(timer);
	}, [copied]);
	useEffect(() => {
		if (refusals > 0) selectAll(input.current);
	}, [refusals]);
	useEffect(() => {
		if (autoFocus) selectAll(input.current);
	}, [autoFocus]);

	const copy = async () => {
		if (await writeClipboard(value)) {
			setOutcome("copied");
		} else {
			setOutcome("refused");
			setRefusals((count) => count + 1);
		}
	};

	return (
		<span className={`paydesk-copy-value${display === "text" ? " paydesk-copy-value--inline" : ""}`}>
			{asField && (
				<label
					htmlFor={id}
					className={display === "text" ? "screen-reader-text" : "paydesk-copy-value__label"}
				>
					{label}
				</label>
			)}
			<span className="paydesk-copy-value__row">
				{asField ? (
					<input
						id={id}
						ref={input}
						type="text"
						className="paydesk-copy-value__input"
						readOnly
						value={value}
						spellCheck={false}
						autoComplete="off"
						onFocus={(event) => event.currentTarget.select()}
					/>
				) : (
					<code>{value}</code>
				)}
				<Button
					variant="secondary"
					size={display === "text" ? "compact" : "default"}
					className="paydesk-copy-value__button"
					aria-label={copied ? undefined : copyLabel}
					onClick={copy}
				>
					{copied ? __("Copied", "paydesk") : __("Copy", "paydesk")}
				</Button>
			</span>
			<span role="status" className="paydesk-copy-value__status">
				{copied && <span className="screen-reader-text">{__("Copied", "paydesk")}</span>}
				{outcome === "refused" && (
					<span className="paydesk-copy-value__hint">
						{__(
							"Copying is not allowed here: the text is selected, copy it with Ctrl+C (⌘C on a Mac).",
							"paydesk",
						)}
					</span>
				)}
			</span>
		</span>
	);
}
