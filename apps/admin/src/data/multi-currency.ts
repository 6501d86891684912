/**
 * Multi-currency data (spec 3 §7) shared by the multi-currency wizard and the multi-currency
 * settings tab, with the client-side notices of spec 3 §8.
 */
import {
	type CurrencySettings,
	getCurrencies,
	getCurrencySettings,
	getStoreSettings,
	MULTI_CURRENCY_OPTIONS,
	saveCurrencySettings,
	updateEnabledCurrencies,
	updateStoreSettings,
} from "@paydesk/contract/multi-currency";
import { saveSettingOption } from "@paydesk/contract/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";

export function useCurrencies() {
	return useQuery({
		queryKey: queryKeys.multiCurrency.currencies(),
		queryFn: ({ signal }) => callRoute(getCurrencies, { signal }),
		meta: { errorNotice: { message: __("Error retrieving currencies.", "paydesk"), id: "mc-currencies" } },
	});
}

export function useUpdateEnabledCurrencies() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (enabled: string[]) => callRoute(updateEnabledCurrencies, { body: { enabled } }),
		onSuccess: (data) => {
			client.setQueryData(queryKeys.multiCurrency.currencies(), data);
			createNotice("success", __("Enabled currencies updated.", "paydesk"));
		},
		onError: () => createNotice("error", __("Error updating enabled currencies.", "paydesk")),
	});
}

export function useCurrencySettings(code: string | null) {
	return useQuery({
		queryKey: queryKeys.multiCurrency.currency(code ?? ""),
		queryFn: ({ signal }) => callRoute(getCurrencySettings, { params: { code: code ?? "" }, signal }),
		enabled: code !== null,
		meta: {
			errorNotice: {
				message: __("Error retrieving single currency settings.", "paydesk"),
				id: "mc-currency",
			},
		},
	});
}

export function useSaveCurrencySettings(code: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: Partial<CurrencySettings>) =>
			callRoute(saveCurrencySettings, { params: { code }, body }),
		onSuccess: (data) => {
			client.setQueryData(queryKeys.multiCurrency.currency(code), data);
			void client.invalidateQueries({ queryKey: queryKeys.multiCurrency.currencies() });
			createNotice("success", __("Currency settings updated.", "paydesk"));
		},
		onError: () => createNotice("error", __("Error updating currency settings.", "paydesk")),
	});
}

export function useStoreSettings() {
	return useQuery({
		queryKey: queryKeys.multiCurrency.storeSettings(),
		queryFn: ({ signal }) => callRoute(getStoreSettings, { signal }),
		meta: {
			errorNotice: { message: __("Error retrieving store settings.", "paydesk"), id: "mc-store-settings" },
		},
	});
}

export function useSaveStoreSettings() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (values: { auto: boolean; switcher: boolean }) =>
			callRoute(updateStoreSettings, {
				body: {
					wcpay_multi_currency_enable_auto_currency: values.auto ? "yes" : "no",
					wcpay_multi_currency_enable_storefront_switcher: values.switcher ? "yes" : "no",
				},
			}),
		onSuccess: (data) => {
			client.setQueryData(queryKeys.multiCurrency.storeSettings(), data);
			createNotice("success", __("Store settings saved.", "paydesk"));
		},
		onError: () => createNotice("error", __("Error saving store settings.", "paydesk")),
	});
}

/** Marks the multi-currency setup completed, saved as one option through POST /settings/{option}. */
export function useCompleteSetup() {
	const client = useQueryClient();
	const name = MULTI_CURRENCY_OPTIONS.setupCompleted;
	return useMutation({
		mutationFn: () => callRoute(saveSettingOption, { params: { option: name }, body: { value: true } }),
		onSuccess: () => client.setQueryData(queryKeys.options([name]), { [name]: true }),
		onError: () => createNotice("error", __("Error saving option", "paydesk")),
	});
}
