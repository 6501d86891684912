/**
 * The frame of a full-screen wizard (spec 3 §2.5, §2.6): a top bar with the product name and a
 * way out, the numbered steps with the current one marked, then the current step's content.
 */
import { __, sprintf } from "@wordpress/i18n";
import type { ReactNode } from "react";
import { adminUrl, Link } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import "./wizard.css";

export interface WizardStep {
	key: string;
	label: string;
}

export function Wizard({
	title,
	steps,
	current,
	children,
}: {
	title: string;
	steps: readonly WizardStep[];
	current: string;
	children: ReactNode;
}) {
	const index = Math.max(
		0,
		steps.findIndex((step) => step.key === current),
	);
	return (
		<div className="paydesk-wizard">
			<header className="paydesk-wizard__bar">
				<span className="paydesk-wizard__product">{getSettings().productName}</span>
				<Link className="paydesk-wizard__exit" href={adminUrl("/payments/overview")}>
					{__("Exit", "paydesk")}
				</Link>
			</header>
			<h1 className="paydesk-wizard__title">{title}</h1>
			<ol className="paydesk-wizard__steps" aria-label={__("Steps", "paydesk")}>
				{steps.map((step, position) => (
					<li
						key={step.key}
						className={position < index ? "is-done" : position === index ? "is-current" : undefined}
						aria-current={position === index ? "step" : undefined}
					>
						<span className="paydesk-wizard__step-number" aria-hidden="true">
							{position < index ? "✓" : position + 1}
						</span>
						<span>
							<span className="screen-reader-text">
								{sprintf(__("Step %1$d of %2$d:", "paydesk"), position + 1, steps.length)}{" "}
							</span>
							{step.label}
						</span>
					</li>
				))}
			</ol>
			<section className="paydesk-wizard__content">{children}</section>
		</div>
	);
}
