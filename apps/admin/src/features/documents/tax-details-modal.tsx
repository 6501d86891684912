/**
 * 'Set your tax details' (spec 1 §4.6, §5): step 1 asks whether the business is registered for
 * a VAT number (a Corporate Number in Japan) and takes it, prefixed with the country's code;
 * Continue looks it up. Step 2, 'Confirm your business details', takes the business name and
 * address (pre-filled from the lookup) and saves them with the number.
 */
import type { TaxDetails } from "@paydesk/contract/vat";
import {
	canConfirmBusinessDetails,
	isTaxNumberContinueDisabled,
	taxNumberHint,
	taxNumberLabel,
	taxNumberLine,
	taxNumberPrefix,
} from "@paydesk/domain/tax-details";
import { Button, CheckboxControl, Modal, TextareaControl, TextControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { translator } from "../../components/translator.ts";
import { useSaveTaxDetails, useVatLookup } from "../../data/documents.ts";

export interface TaxDetailsModalProps {
	/** The account's country: it picks the number's prefix, name and hint. */
	country: string;
	onSaved: (details: TaxDetails) => void;
	onRequestClose: () => void;
}

interface NumberStepState {
	registered: boolean;
	number: string;
}

function NumberStep({
	country,
	state,
	onChange,
	onContinue,
}: {
	country: string;
	/** Kept by the modal, so Back returns to what was typed. */
	state: NumberStepState;
	onChange: (state: NumberStepState) => void;
	onContinue: (found: { vatNumber: string | null; name: string; address: string }) => void;
}) {
	const prefix = taxNumberPrefix(country);
	const { registered, number } = state;
	const lookup = useVatLookup();
	const disabled = isTaxNumberContinueDisabled({ registered, number, prefix, busy: lookup.isPending });

	const next = () => {
		if (!registered) {
			onContinue({ vatNumber: null, name: "", address: "" });
			return;
		}
		lookup.mutate(number.trim(), {
			onSuccess: (found) =>
				onContinue({ vatNumber: found.vat_number, name: found.name ?? "", address: found.address ?? "" }),
		});
	};

	return (
		<form
			onSubmit={(event) => {
				event.preventDefault();
				if (!disabled) next();
			}}
		>
			<p>
				{__(
					"Tax invoices are addressed to your business. Tell us whether it is registered for VAT, then confirm its name and address.",
					"paydesk",
				)}
			</p>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("I’m registered for a VAT number", "paydesk")}
				checked={registered}
				onChange={(checked) => onChange({ ...state, registered: checked })}
			/>
			{registered && (
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					className="paydesk-tax-details__number"
					label={taxNumberLabel(country, translator)}
					help={taxNumberHint(country, translator)}
					value={number}
					onChange={(value) => onChange({ ...state, number: value })}
					autoComplete="off"
				/>
			)}
			<div className="paydesk-modal-actions">
				<Button
					variant="primary"
					type="submit"
					disabled={disabled}
					isBusy={lookup.isPending}
					accessibleWhenDisabled
				>
					{__("Continue", "paydesk")}
				</Button>
			</div>
		</form>
	);
}

function BusinessStep({
	vatNumber,
	initial,
	country,
	onBack,
	onSaved,
}: {
	vatNumber: string | null;
	initial: { name: string; address: string };
	country: string;
	onBack: () => void;
	onSaved: (details: TaxDetails) => void;
}) {
	const [name, setName] = useState(initial.name);
	const [address, setAddress] = useState(initial.address);
	const save = useSaveTaxDetails();
	const ready = canConfirmBusinessDetails({ name, address, busy: save.isPending });

	return (
		<form
			onSubmit={(event) => {
				event.preventDefault();
				if (!ready) return;
				save.mutate(
					{ vat_number: vatNumber, name: name.trim(), address: address.trim() },
					{ onSuccess: onSaved },
				);
			}}
		>
			<h2 className="paydesk-tax-details__step-title">{__("Confirm your business details", "paydesk")}</h2>
			{vatNumber && <p>{taxNumberLine(country, vatNumber, translator)}</p>}
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={__("Business name", "paydesk")}
				value={name}
				onChange={setName}
				autoComplete="organization"
			/>
			<TextareaControl
				__nextHasNoMarginBottom
				label={__("Address", "paydesk")}
				value={address}
				onChange={setAddress}
				rows={4}
				autoComplete="street-address"
			/>
			<div className="paydesk-modal-actions">
				<Button variant="tertiary" onClick={onBack} disabled={save.isPending}>
					{__("Back", "paydesk")}
				</Button>
				<Button
					variant="primary"
					type="submit"
					disabled={!ready}
					isBusy={save.isPending}
					accessibleWhenDisabled
				>
					{__("Confirm", "paydesk")}
				</Button>
			</div>
		</form>
	);
}

export function TaxDetailsModal({ country, onSaved, onRequestClose }: TaxDetailsModalProps) {
	const [numberStep, setNumberStep] = useState<NumberStepState>({
		registered: false,
		number: taxNumberPrefix(country),
	});
	const [business, setBusiness] = useState<{
		vatNumber: string | null;
		name: string;
		address: string;
	} | null>(null);
	return (
		<Modal
			title={__("Set your tax details", "paydesk")}
			onRequestClose={onRequestClose}
			className="paydesk-tax-details"
			size="medium"
		>
			<p className="paydesk-tax-details__step">
				{sprintf(__("Step %1$d of %2$d", "paydesk"), business ? 2 : 1, 2)}
			</p>
			{business ? (
				<BusinessStep
					vatNumber={business.vatNumber}
					initial={business}
					country={country}
					onBack={() => setBusiness(null)}
					onSaved={onSaved}
				/>
			) : (
				<NumberStep country={country} state={numberStep} onChange={setNumberStep} onContinue={setBusiness} />
			)}
		</Modal>
	);
}
