/**
 * Multi-currency data (spec 3 §7) shared by the multi-currency wizard and the multi-currency
 * settings tab, with the client-side notices of spec 3 §8.
 */
import {
	type CurrencySettings,
	getCurrencies,
	getCurrencySettings,
	getStoreSettings,
	saveCurrencySettings,
	updateEnabledCurrencies,
	updateStoreSettings,
} from "@paydesk/contract/multi-currency";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { useEffect } from "react";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";

function useErrorNotice(isError: boolean, message: string, id: string): void {
	useEffect(() => {
		if (isError) createNotice("error", message, { id });
	}, [isError, message, id]);
}

export function useCurrencies() {
	const result = useQuery({
		queryKey: queryKeys.multiCurrency.currencies(),
		queryFn: ({ signal }) => callRoute(getCurrencies, { signal }),
	});
	useErrorNotice(result.isError, __("Error retrieving currencies.", "paydesk"), "mc-currencies");
	return result;
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
	const result = useQuery({
		queryKey: queryKeys.multiCurrency.currency(code ?? ""),
		queryFn: ({ signal }) => callRoute(getCurrencySettings, { params: { code: code ?? "" }, signal }),
		enabled: code !== null,
	});
	useErrorNotice(result.isError, __("Error retrieving single currency settings.", "paydesk"), "mc-currency");
	return result;
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
	const result = useQuery({
		queryKey: queryKeys.multiCurrency.storeSettings(),
		queryFn: ({ signal }) => callRoute(getStoreSettings, { signal }),
	});
	useErrorNotice(result.isError, __("Error retrieving store settings.", "paydesk"), "mc-store-settings");
	return result;
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
