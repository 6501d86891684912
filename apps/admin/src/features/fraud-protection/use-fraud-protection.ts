/**
 * The fraud protection page's state (spec 3 §4.5): the filters read from the saved rules, what
 * the merchant changed since, and the save that turns them back into rules and a protection
 * level. Where the store sells comes from WooCommerce's allowed-countries options. A save that
 * succeeds is a usage event naming the level and each filter's state (never amounts or countries).
 */
import { SELLING_COUNTRY_OPTIONS } from "@paydesk/contract/fraud-protection";
import {
	type BuildContext,
	type CountryMode,
	type FraudFilters,
	type ProtectionLevel,
	parseProtectionRules,
	ruleStates,
	type SellingCountries,
} from "@paydesk/domain/fraud-rules";
import { decideFraudSave, fraudAmountSymbol } from "@paydesk/domain/fraud-validation";
import { useCallback, useMemo, useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import { recordEvent } from "../../app/tracks.ts";
import { translator } from "../../components/translator.ts";
import { useOptions } from "../../data/options.ts";
import { saveErrorText, usePaymentSettings, useSavePaymentSettings } from "../../data/settings.ts";

const COUNTRY_OPTION_NAMES = Object.values(SELLING_COUNTRY_OPTIONS);

function sellingCountriesOf(values: Record<string, unknown> | undefined): SellingCountries {
	const raw = values?.[SELLING_COUNTRY_OPTIONS.mode];
	const mode: CountryMode = raw === "all_except" || raw === "specific" ? raw : "all";
	const list =
		values?.[mode === "all_except" ? SELLING_COUNTRY_OPTIONS.allExcept : SELLING_COUNTRY_OPTIONS.specific];
	const countries = Array.isArray(list)
		? list.filter((code): code is string => typeof code === "string")
		: [];
	return { mode, countries: mode === "all" ? [] : countries };
}

/** The amount inputs of the purchase price card, which can hold what no amount reads as. */
export type AmountField = "min_amount" | "max_amount";
const AMOUNT_FIELDS: readonly AmountField[] = ["min_amount", "max_amount"];

export interface FraudPageState {
	filters: FraudFilters | null;
	update: (patch: Partial<FraudFilters>) => void;
	selling: SellingCountries;
	storeCurrency: string;
	/** The symbol before the amount inputs: "$" unless multi-currency is on (spec 3 §9). */
	amountSymbol: string;
	/**
	 * An amount input reports what it holds that is no amount (too many decimals), or null once it
	 * holds one again or is gone; the save is refused while one does.
	 */
	reportAmountError: (field: AmountField, error: string | null) => void;
	reviewFeatureActive: boolean;
	declineOnCVCFailure: boolean;
	isLoading: boolean;
	loadFailed: boolean;
	dirty: boolean;
	saving: boolean;
	/** 'Settings were not saved.' and the reason, shown at the top until dismissed. */
	validationNotice: string | null;
	dismissValidationNotice: () => void;
	save: () => void;
}

export function useFraudProtection(): FraudPageState {
	const page = getSettings();
	const fraud = page.accountStatus?.fraudProtection ?? {
		declineOnAVSFailure: false,
		declineOnCVCFailure: true,
	};
	const reviewFeatureActive = page.featureFlags.isFRTReviewFeatureActive;
	const settings = usePaymentSettings({ errorNotice: false });
	const countries = useOptions(COUNTRY_OPTION_NAMES);
	const saveSettings = useSavePaymentSettings();

	const saved = useMemo(
		() =>
			settings.data
				? parseProtectionRules(settings.data.advanced_fraud_protection_settings, {
						declineOnAVSFailure: fraud.declineOnAVSFailure,
						reviewFeatureActive,
					})
				: null,
		[settings.data, fraud.declineOnAVSFailure, reviewFeatureActive],
	);
	const [edited, setEdited] = useState<FraudFilters | null>(null);
	const [validationNotice, setValidationNotice] = useState<string | null>(null);
	const [amountErrors, setAmountErrors] = useState<Partial<Record<AmountField, string>>>({});
	const filters = edited ?? saved;
	// Stable, as the inputs report from their effects.
	const reportAmountError = useCallback((field: AmountField, error: string | null) => {
		setAmountErrors((errors) => {
			if ((errors[field] ?? null) === error) return errors;
			const others = { ...errors };
			delete others[field];
			return error === null ? others : { ...others, [field]: error };
		});
	}, []);
	const selling = sellingCountriesOf(countries.data);
	const context: BuildContext = { storeCurrency: page.storeCurrency, selling };
	const dirty = edited !== null && saved !== null && JSON.stringify(edited) !== JSON.stringify(saved);

	const save = () => {
		if (!filters || !settings.data) return;
		const level = settings.data.current_protection_level as ProtectionLevel;
		const amountError = AMOUNT_FIELDS.map((field) => amountErrors[field]).find(Boolean) ?? null;
		const decision = decideFraudSave(filters, level, context, translator, amountError);
		if (decision.kind === "invalid") {
			setValidationNotice(decision.notice);
			window.scrollTo?.(0, 0);
			return;
		}
		setValidationNotice(null);
		if (decision.kind === "refused") {
			createNotice("error", decision.notice);
			return;
		}
		saveSettings.mutate(
			{ current_protection_level: decision.kind, advanced_fraud_protection_settings: decision.rules },
			{
				onSuccess: () => {
					// The saved rules are now what the page compares against.
					setEdited(null);
					recordEvent("wcpay_fraud_protection_rules_saved", {
						protection_level: decision.kind,
						...ruleStates(decision.rules),
					});
					createNotice(decision.kind === "advanced" ? "success" : "error", decision.notice);
				},
				onError: (error) => createNotice("error", saveErrorText(error)),
			},
		);
	};

	return {
		filters,
		update: (patch) => {
			if (filters) setEdited({ ...filters, ...patch });
		},
		selling,
		storeCurrency: page.storeCurrency,
		amountSymbol: fraudAmountSymbol(page.storeCurrency, settings.data?.is_multi_currency_enabled ?? false),
		reportAmountError,
		reviewFeatureActive,
		declineOnCVCFailure: fraud.declineOnCVCFailure,
		isLoading: settings.isPending || countries.isPending,
		loadFailed: settings.isError,
		dirty,
		saving: saveSettings.isPending,
		validationNotice,
		dismissValidationNotice: () => setValidationNotice(null),
		save,
	};
}
