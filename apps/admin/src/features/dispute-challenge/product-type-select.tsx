/** The product type the customer bought (spec 3 §3.6): it decides which evidence is asked for. */
import { isProductType, PRODUCT_TYPES, productTypeLabel } from "@paydesk/domain/disputes/evidence-fields";
import { Card, CardBody, SelectControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { translator } from "../../components/translator.ts";

export function ProductTypeSelect({
	value,
	onChange,
	disabled,
}: {
	value: string;
	onChange: (value: string) => void;
	disabled: boolean;
}) {
	return (
		<Card>
			<CardBody>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={__("Product type", "paydesk")}
					help={__(
						"What did the customer buy? The evidence asked for below depends on it; choose Multiple product types when the order mixed them.",
						"paydesk",
					)}
					value={isProductType(value) ? value : ""}
					disabled={disabled}
					options={[
						{ value: "", label: __("Select one…", "paydesk"), disabled: true },
						...PRODUCT_TYPES.map((type) => ({
							value: type,
							label: productTypeLabel(type, translator),
						})),
					]}
					onChange={onChange}
				/>
			</CardBody>
		</Card>
	);
}
