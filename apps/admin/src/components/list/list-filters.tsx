/**
 * The filter bar of a list: a 'Show' choice between all rows and advanced filters, the
 * advanced panel ('<Things> match all filters', or any, one sentence per choice) with date rules and
 * is / is not rules,
 * and a currency filter shown only with two or more currencies. Edits stay a draft until
 * 'Filter' writes them to the URL.
 */
import { Button, SelectControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { closeSmall } from "@wordpress/icons";
import { useEffect, useId, useState } from "react";
import { updateQuery, useLocation } from "../../app/router.tsx";
import {
	type ActiveRule,
	type DateRule,
	type FilterField,
	type FilterOption,
	readMatch,
	readRules,
	rulesToQuery,
	sortBetween,
	type ValueRule,
} from "./list-query.ts";

const RULE_LABELS: Record<DateRule | ValueRule, () => string> = {
	before: () => __("Before", "paydesk"),
	after: () => __("After", "paydesk"),
	between: () => __("Between", "paydesk"),
	is: () => __("Is", "paydesk"),
	is_not: () => __("Is not", "paydesk"),
};

function rulesOf(field: FilterField): (DateRule | ValueRule)[] {
	return field.kind === "date" ? ["before", "after", "between"] : [...(field.rules ?? ["is", "is_not"])];
}

function RuleRow({
	field,
	rule,
	onChange,
	onRemove,
}: {
	field: FilterField;
	rule: ActiveRule;
	onChange: (rule: ActiveRule) => void;
	onRemove: () => void;
}) {
	const id = useId();
	const setValue = (index: number, value: string) => {
		const next = [...rule.value];
		next[index] = value;
		onChange({ ...rule, value: next });
	};
	return (
		<li className="paydesk-filter-rule">
			<span className="paydesk-filter-rule__field" id={`${id}-field`}>
				{field.label}
			</span>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={sprintf(
					/* translators: %s: a filter's field, e.g. Date or Status; names the choice of before, after, is… */
					__("%s rule", "paydesk"),
					field.label,
				)}
				hideLabelFromVision
				value={rule.rule}
				options={rulesOf(field).map((value) => ({ value, label: RULE_LABELS[value]() }))}
				onChange={(value) =>
					onChange({
						...rule,
						rule: value as ActiveRule["rule"],
						value: value === "between" ? [rule.value[0] ?? "", ""] : [rule.value[0] ?? ""],
					})
				}
			/>
			{field.kind === "date" ? (
				<span className="paydesk-filter-rule__dates">
					<input
						type="date"
						aria-label={
							rule.rule === "between"
								? __("Start date", "paydesk")
								: sprintf(
										/* translators: %s: a filter's date field, e.g. Date or Disputed on */
										__("%s date", "paydesk"),
										field.label,
									)
						}
						value={rule.value[0] ?? ""}
						onChange={(event) => setValue(0, event.target.value)}
					/>
					{rule.rule === "between" && (
						<>
							<span>{__("and", "paydesk")}</span>
							<input
								type="date"
								aria-label={__("End date", "paydesk")}
								value={rule.value[1] ?? ""}
								onChange={(event) => setValue(1, event.target.value)}
							/>
						</>
					)}
				</span>
			) : (
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={sprintf(
						/* translators: %s: a filter's field, e.g. Status; names the value the rule compares with */
						__("%s value", "paydesk"),
						field.label,
					)}
					hideLabelFromVision
					value={rule.value[0] ?? ""}
					options={[{ value: "", label: __("Select…", "paydesk"), disabled: true }, ...field.options]}
					onChange={(value) => setValue(0, value)}
				/>
			)}
			<Button
				variant="tertiary"
				size="compact"
				label={sprintf(
					/* translators: %s: a filter's field, e.g. Date or Status */
					__("Remove %s filter", "paydesk"),
					field.label,
				)}
				onClick={onRemove}
				icon={closeSmall}
			/>
		</li>
	);
}

export interface ListFiltersProps {
	/** "Payouts", for 'Payouts match all filters'. */
	things: string;
	/** "All payouts". */
	allLabel: string;
	fields: readonly FilterField[];
	/** Store currencies; the currency filter shows only with two or more. */
	currencies?: readonly string[];
	currencyLabel?: string;
	/**
	 * Extra 'Show' choices before "all", kept in the URL's `filter` (e.g. the disputes list's
	 * 'Needs response', filter=awaiting_response); the list reads them from the URL itself.
	 */
	quickFilters?: readonly FilterOption[];
}

export function ListFilters({
	things,
	allLabel,
	fields,
	currencies = [],
	currencyLabel,
	quickFilters = [],
}: ListFiltersProps) {
	const { query } = useLocation();
	const advanced = query.filter === "advanced";
	const quick = quickFilters.find((option) => option.value === query.filter);
	const [draft, setDraft] = useState<ActiveRule[]>(() => readRules(query, fields));
	const [match, setMatch] = useState<"all" | "any">(() => readMatch(query));
	const appliedKey = JSON.stringify([readRules(query, fields), readMatch(query)]);

	// The URL may change under us (back button, a link): the draft follows it.
	// biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for the URL's rules
	useEffect(() => {
		setDraft(readRules(query, fields));
		setMatch(readMatch(query));
	}, [appliedKey]);

	const unused = fields.filter((field) => !draft.some((rule) => rule.key === field.key));
	const complete = draft.every((rule) => rule.value.length > 0 && rule.value.every(Boolean));

	return (
		<div className="paydesk-filters">
			<div className="paydesk-filters__bar">
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={__("Show", "paydesk")}
					labelPosition="side"
					value={advanced ? "advanced" : (quick?.value ?? "all")}
					options={[
						...quickFilters,
						{ value: "all", label: allLabel },
						{ value: "advanced", label: __("Advanced filters", "paydesk") },
					]}
					onChange={(value) =>
						updateQuery(
							value === "advanced"
								? { filter: "advanced", paged: undefined }
								: { filter: value === "all" ? undefined : value, ...rulesToQuery(fields, [], "all") },
						)
					}
				/>
				{currencies.length >= 2 && (
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={currencyLabel ?? __("Currency", "paydesk")}
						labelPosition="side"
						value={typeof query.store_currency_is === "string" ? query.store_currency_is : ""}
						options={[
							{ value: "", label: __("All currencies", "paydesk") },
							...currencies.map((currency) => ({ value: currency, label: currency.toUpperCase() })),
						]}
						onChange={(value) => updateQuery({ store_currency_is: value || undefined, paged: undefined })}
					/>
				)}
			</div>
			{advanced && (
				<fieldset className="paydesk-advanced-filters">
					<legend className="paydesk-advanced-filters__title">
						<select
							aria-label={__("Match all or any filters", "paydesk")}
							value={match}
							onChange={(event) => setMatch(event.target.value as "all" | "any")}
						>
							<option value="all">
								{sprintf(
									/* translators: %s: the list's rows, capitalised, e.g. Payouts or Disputes */
									__("%s match all filters", "paydesk"),
									things,
								)}
							</option>
							<option value="any">
								{sprintf(
									/* translators: %s: the list's rows, capitalised, e.g. Payouts or Disputes */
									__("%s match any filters", "paydesk"),
									things,
								)}
							</option>
						</select>
					</legend>
					<ul className="paydesk-advanced-filters__rules">
						{draft.map((rule, index) => {
							const field = fields.find((candidate) => candidate.key === rule.key);
							if (!field) return null;
							return (
								<RuleRow
									key={rule.key}
									field={field}
									rule={rule}
									onChange={(next) => setDraft(draft.map((item, i) => (i === index ? next : item)))}
									onRemove={() => setDraft(draft.filter((_, i) => i !== index))}
								/>
							);
						})}
					</ul>
					<div className="paydesk-advanced-filters__actions">
						{unused.length > 0 && (
							<SelectControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								label={__("Add a filter", "paydesk")}
								hideLabelFromVision
								value=""
								options={[
									{ value: "", label: __("+ Add a filter", "paydesk"), disabled: true },
									...unused.map((field) => ({ value: field.key, label: field.label })),
								]}
								onChange={(key) => {
									const field = fields.find((candidate) => candidate.key === key);
									if (field) setDraft([...draft, { key, rule: rulesOf(field)[0] ?? "is", value: [""] }]);
								}}
							/>
						)}
						<Button
							variant="primary"
							disabled={!complete}
							onClick={() =>
								updateQuery(
									rulesToQuery(
										fields,
										draft.map((rule) =>
											rule.rule === "between" ? { ...rule, value: sortBetween(rule.value) } : rule,
										),
										match,
									),
								)
							}
						>
							{__("Filter", "paydesk")}
						</Button>
						{draft.length > 0 && (
							<Button
								variant="tertiary"
								onClick={() => {
									setDraft([]);
									updateQuery(rulesToQuery(fields, [], "all"));
								}}
							>
								{__("Clear all filters", "paydesk")}
							</Button>
						)}
					</div>
				</fieldset>
			)}
		</div>
	);
}
