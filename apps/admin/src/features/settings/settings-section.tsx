/** A settings group as WooCommerce lays them out: title and explanation left, the card right. */
import { Card, CardBody } from "@wordpress/components";
import type { ReactNode } from "react";
import type { FieldIssue } from "./use-settings-draft.ts";

export function SettingsSection({
	id,
	title,
	description,
	children,
}: {
	id: string;
	title: string;
	description?: ReactNode;
	children: ReactNode;
}) {
	return (
		<section className="paydesk-settings-section" id={id} aria-labelledby={`${id}-title`}>
			<div className="paydesk-settings-section__intro">
				<h2 id={`${id}-title`}>{title}</h2>
				{description && <div className="paydesk-settings-section__description">{description}</div>}
			</div>
			<Card className="paydesk-settings-section__card">
				<CardBody>{children}</CardBody>
			</Card>
		</section>
	);
}

/** The error under a field: the page's own sentence, or the contract's rule after the field's label. */
export function FieldError({ label, error }: { label: string; error: FieldIssue | undefined }) {
	if (!error) return null;
	return (
		<p className="paydesk-field-error" role="alert">
			{"sentence" in error ? error.sentence : `${label} ${error.rule}`}
		</p>
	);
}
