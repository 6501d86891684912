/**
 * The challenge form (spec 3 §2.4, §4.2, §5.1): the dispute panel (its guidance, and Accept for
 * a merchant who decides not to challenge after all), the product type,
 * the evidence sections it selects, then Save for later and Submit. Read-only, with the
 * spec's notice, once the dispute no longer needs a response, and for a payments viewer, who
 * reads the evidence and answers no dispute.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import { isProductType } from "@paydesk/domain/disputes/evidence-fields";
import { evidenceSections, evidenceSectionsFor } from "@paydesk/domain/disputes/evidence-sections";
import { DISPUTE_METADATA_KEYS, isEvidenceEditable } from "@paydesk/domain/disputes/statuses";
import { Button, Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useCan } from "../../app/routes.ts";
import { DisputePanel } from "../../components/dispute-panel/dispute-panel.tsx";
import { translator } from "../../components/translator.ts";
import { EvidenceSections } from "./evidence-sections.tsx";
import { ProductTypeSelect } from "./product-type-select.tsx";
import { useEvidenceForm } from "./use-evidence-form.ts";
import { useSaveEvidence } from "./use-save-evidence.ts";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard.ts";

export function EvidenceForm({ dispute }: { dispute: Dispute }) {
	const form = useEvidenceForm(dispute);
	const saving = useSaveEvidence(dispute.id, form.markSaved);
	const canRespond = useCan("manage_woocommerce");
	const submitted = !isEvidenceEditable(dispute.status);
	const readOnly = submitted || !canRespond;
	useUnsavedChangesGuard(form.state.dirty && !readOnly && !saving.isSaving);

	const productType = form.state.metadata[DISPUTE_METADATA_KEYS.productType] ?? "";
	const sections = isProductType(productType)
		? evidenceSectionsFor(dispute.reason, productType, evidenceSections(translator))
		: [];

	return (
		<div className="paydesk-page paydesk-challenge">
			{submitted ? (
				<Notice status="info" isDismissible={false} className="paydesk-notice">
					{__("Evidence is already submitted. Details below are read-only.", "paydesk")}
				</Notice>
			) : (
				readOnly && (
					<Notice status="info" isDismissible={false} className="paydesk-notice">
						{__("You can view this evidence, but your role cannot change or submit it.", "paydesk")}
					</Notice>
				)
			)}
			<DisputePanel dispute={dispute} onChallengePage />
			<ProductTypeSelect value={productType} onChange={form.setProductType} disabled={readOnly} />
			<EvidenceSections sections={sections} form={form} readOnly={readOnly} />
			{!readOnly && (
				<div className="paydesk-challenge__actions">
					{!isProductType(productType) && (
						<p className="paydesk-muted">
							{__("Choose a product type to see the evidence to provide.", "paydesk")}
						</p>
					)}
					<Button
						variant="secondary"
						isBusy={saving.isSaving && !saving.savingSubmit}
						disabled={saving.isSaving || !isProductType(productType)}
						accessibleWhenDisabled
						onClick={() => void saving.save(form.state, false)}
					>
						{__("Save for later", "paydesk")}
					</Button>
					<Button
						variant="primary"
						isBusy={saving.isSaving && saving.savingSubmit}
						disabled={saving.isSaving || !isProductType(productType)}
						accessibleWhenDisabled
						onClick={() => void saving.save(form.state, true)}
					>
						{__("Submit", "paydesk")}
					</Button>
				</div>
			)}
			{saving.dialog}
		</div>
	);
}
