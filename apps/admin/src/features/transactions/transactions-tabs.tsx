/**
 * The tab strip of the transactions screen, driven by the URL: the open tab is `tab`, and
 * switching tabs resets paged to 1 and per_page to 25 and clears order and orderby (spec 2),
 * since each tab's list has its own sorts and size. Arrow keys move between tabs (WAI-ARIA).
 */
import { type TransactionTab, tabSwitchQuery } from "@paydesk/domain/transactions";
import { __ } from "@wordpress/i18n";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { updateQuery } from "../../app/router.tsx";
import type { TabEntry } from "./use-transaction-tabs.ts";

export const tabId = (name: TransactionTab) => `paydesk-tab-${name}`;
export const panelId = (name: TransactionTab) => `paydesk-tabpanel-${name}`;

export function switchTab(name: TransactionTab, active: TransactionTab): void {
	if (name !== active) updateQuery(tabSwitchQuery(name));
}

export function TransactionsTabs({
	tabs,
	active,
	children,
}: {
	tabs: readonly TabEntry[];
	active: TransactionTab;
	children: ReactNode;
}) {
	const list = useRef<HTMLDivElement>(null);

	const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
		const moves: Record<string, number> = {
			ArrowRight: index + 1,
			ArrowLeft: index - 1,
			Home: 0,
			End: tabs.length - 1,
		};
		const target = moves[event.key];
		if (target === undefined) return;
		event.preventDefault();
		const next = (target + tabs.length) % tabs.length;
		list.current?.querySelectorAll<HTMLButtonElement>("[role=tab]")[next]?.focus();
	};

	return (
		<div className="paydesk-tabs components-tab-panel">
			<div
				ref={list}
				role="tablist"
				aria-label={__("Transactions", "paydesk")}
				className="components-tab-panel__tabs"
			>
				{tabs.map((tab, index) => {
					const selected = tab.name === active;
					return (
						<button
							key={tab.name}
							type="button"
							role="tab"
							id={tabId(tab.name)}
							aria-selected={selected}
							aria-controls={panelId(tab.name)}
							tabIndex={selected ? 0 : -1}
							className={`components-button components-tab-panel__tabs-item${selected ? " is-active" : ""}`}
							onClick={() => switchTab(tab.name, active)}
							onKeyDown={(event) => onKeyDown(event, index)}
						>
							{tab.title}
						</button>
					);
				})}
			</div>
			<div
				role="tabpanel"
				id={panelId(active)}
				aria-labelledby={tabId(active)}
				className="components-tab-panel__tab-content paydesk-tabs__panel"
			>
				{children}
			</div>
		</div>
	);
}
