/**
 * The goods-and-services select of the business step (spec 1 §5): searchable, grouped, with
 * groups that expand. A search expands every matching group.
 */
import type { MccGroup } from "@paydesk/domain/onboarding";
import { filterMccTree, findMcc } from "@paydesk/domain/onboarding";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef, useState } from "react";

export function GoodsAndServicesSelect({
	tree,
	value,
	onChange,
	error,
}: {
	tree: readonly MccGroup[];
	value: string;
	onChange: (id: string) => void;
	error: string | undefined;
}) {
	const [open, setOpen] = useState(false);
	const [search, setSearch] = useState("");
	const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
	const selected = findMcc({ business_types: [], mccs_display_tree: tree, industry_to_mcc: {} }, value);
	const groups = filterMccTree(tree, search);
	const isExpanded = (group: MccGroup) =>
		search.trim() !== "" || expanded.has(group.id) || group.items.some((item) => item.id === value);
	const toggle = (id: string) =>
		setExpanded((current) => {
			const next = new Set(current);
			if (next.has(id)) next.delete(id);
			else next.add(id);
			return next;
		});
	const toggleButton = useRef<HTMLButtonElement | null>(null);
	const root = useRef<HTMLDivElement | null>(null);

	// Escape or a click elsewhere closes the list, as a select does.
	useEffect(() => {
		if (!open) return;
		const onKey = (event: globalThis.KeyboardEvent) => {
			if (event.key !== "Escape") return;
			setOpen(false);
			toggleButton.current?.focus();
		};
		const onPointer = (event: MouseEvent) => {
			if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
		};
		document.addEventListener("keydown", onKey);
		document.addEventListener("mousedown", onPointer);
		return () => {
			document.removeEventListener("keydown", onKey);
			document.removeEventListener("mousedown", onPointer);
		};
	}, [open]);

	return (
		<div ref={root} className={`paydesk-onboarding__field paydesk-mcc${error ? " has-error" : ""}`}>
			<span className="paydesk-onboarding__label" id="paydesk-mcc-label">
				{__("What do you sell?", "paydesk")}
			</span>
			<button
				ref={toggleButton}
				type="button"
				className="paydesk-mcc__toggle"
				aria-labelledby="paydesk-mcc-label paydesk-mcc-value"
				aria-expanded={open}
				aria-controls="paydesk-mcc-panel"
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? "paydesk-mcc-error" : undefined}
				onClick={() => setOpen(!open)}
			>
				<span id="paydesk-mcc-value">{selected?.title ?? __("Select an option", "paydesk")}</span>
			</button>
			{open && (
				<div className="paydesk-mcc__panel" id="paydesk-mcc-panel">
					<input
						type="search"
						className="paydesk-mcc__search"
						aria-label={__("Search goods and services", "paydesk")}
						placeholder={__("Search goods and services", "paydesk")}
						value={search}
						onChange={(event) => setSearch(event.target.value)}
						autoFocus
					/>
					<ul className="paydesk-mcc__groups">
						{groups.map((group) => (
							<li key={group.id}>
								<button
									type="button"
									className="paydesk-mcc__group"
									aria-expanded={isExpanded(group)}
									onClick={() => toggle(group.id)}
								>
									{group.title}
								</button>
								{isExpanded(group) && (
									<ul className="paydesk-mcc__items">
										{group.items.map((item) => (
											<li key={item.id}>
												<button
													type="button"
													className="paydesk-mcc__item"
													aria-pressed={item.id === value}
													onClick={() => {
														onChange(item.id);
														setOpen(false);
														setSearch("");
													}}
												>
													{item.title}
												</button>
											</li>
										))}
									</ul>
								)}
							</li>
						))}
					</ul>
					{groups.length === 0 && (
						<p className="paydesk-mcc__empty">{__("No matching goods or services.", "paydesk")}</p>
					)}
				</div>
			)}
			{error && (
				<p className="paydesk-onboarding__error" id="paydesk-mcc-error">
					{error}
				</p>
			)}
		</div>
	);
}
