/**
 * A list's search box with suggestions: typed text asks the list's suggestion endpoint (after a
 * short pause), a picked suggestion or free text (Enter) becomes a search term, and every term
 * shows as a removable token. The terms live in the URL (the list owns them); the box only
 * reports changes. Suggestions carry a label to read and the term to search with, e.g.
 * "Order #1042" searches "#1042".
 */

import { type QueryKey, useQuery } from "@tanstack/react-query";
import { FormTokenField } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef, useState } from "react";
import type { FilterOption } from "./list-query.ts";
import "./search-box.css";

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const SUGGESTION_DELAY_MS = 250;

export interface SearchBoxProps {
	label: string;
	placeholder: string;
	terms: readonly string[];
	onChange: (terms: string[]) => void;
	suggestionsKey: (term: string) => QueryKey;
	loadSuggestions: (term: string, signal: AbortSignal) => Promise<readonly FilterOption[]>;
}

function useDebounced(value: string, delay: number): string {
	const [debounced, setDebounced] = useState(value);
	useEffect(() => {
		const timer = setTimeout(() => setDebounced(value), delay);
		return () => clearTimeout(timer);
	}, [value, delay]);
	return debounced;
}

export function SearchBox(props: SearchBoxProps) {
	const [input, setInput] = useState("");
	const term = useDebounced(input.trim(), SUGGESTION_DELAY_MS);
	const suggestions = useQuery({
		queryKey: props.suggestionsKey(term),
		queryFn: ({ signal }) => props.loadSuggestions(term, signal),
		enabled: term.length > 0,
		staleTime: 60_000,
	});
	// Labels of every suggestion seen, so a picked token keeps reading "Order #1042".
	const labels = useRef(new Map<string, string>());
	for (const option of suggestions.data ?? []) labels.current.set(option.value, option.label);
	const offered = input.trim() && term ? (suggestions.data ?? []).map((option) => option.value) : [];

	return (
		<div className="paydesk-search-box">
			<FormTokenField
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={props.label}
				placeholder={props.placeholder}
				value={[...props.terms]}
				suggestions={offered}
				maxSuggestions={10}
				help=""
				messages={{
					added: __("Search term added.", "paydesk"),
					removed: __("Search term removed.", "paydesk"),
					remove: __("Remove search term", "paydesk"),
					__experimentalInvalid: __("Invalid search term", "paydesk"),
				}}
				displayTransform={(value) => labels.current.get(value) ?? value}
				onInputChange={setInput}
				onChange={(tokens) => {
					const next = tokens
						.map((token) => (typeof token === "string" ? token : token.value).trim())
						.filter(Boolean);
					props.onChange([...new Set(next)]);
				}}
			/>
		</div>
	);
}
