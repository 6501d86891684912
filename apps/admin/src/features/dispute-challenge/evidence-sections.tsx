/** The evidence sections of the dispute's reason and the chosen product type, one card each. */
import type { EvidenceSection } from "@paydesk/domain/disputes/evidence-sections";
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { EvidenceField } from "./evidence-field.tsx";
import type { EvidenceForm } from "./use-evidence-form.ts";

export function EvidenceSections({
	sections,
	form,
	readOnly,
}: {
	sections: readonly EvidenceSection[];
	form: EvidenceForm;
	readOnly: boolean;
}) {
	return (
		<>
			{sections.map((section) => (
				<Card key={section.key} className="paydesk-evidence-section">
					<CardHeader>
						<div>
							<h3 className="paydesk-card-title">{section.title}</h3>
							{section.description && (
								<p className="paydesk-evidence-section__description">{section.description}</p>
							)}
						</div>
					</CardHeader>
					<CardBody className="paydesk-evidence-section__fields">
						{section.fields.map((field) => (
							<EvidenceField key={field.key} field={field} form={form} readOnly={readOnly} />
						))}
					</CardBody>
				</Card>
			))}
		</>
	);
}
