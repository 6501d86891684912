/** A settings group as WooCommerce lays them out: title and explanation left, the card right. */
import { Card, CardBody } from "@wordpress/components";
import type { ReactNode } from "react";

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

/** The error under a field, in the contract's words, prefixed by the field's label. */
export function FieldError({ label, error }: { label: string; error: string | undefined }) {
	if (!error) return null;
	return (
		<p className="paydesk-field-error" role="alert">
			{`${label} ${error}`}
		</p>
	);
}
