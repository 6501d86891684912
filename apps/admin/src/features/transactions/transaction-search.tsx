/**
 * The transactions search (spec 2 "Transactions"): with the custom-search flag, suggestions of
 * order numbers, customers, e-mails and ids from /transactions/search; without it, a search by
 * customer name, offering names only.
 */
import { searchTransactions } from "@paydesk/contract/transactions";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";
import { updateQuery } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import type { FilterOption } from "../../components/list/list-query.ts";
import { SearchBox } from "../../components/list/search-box.tsx";

/** A suggestion that is a customer's name: not an order number, an e-mail or an id. */
export function isCustomerName(option: FilterOption): boolean {
	return (
		!/^#\d+$/.test(option.value) && !option.value.includes("@") && !/^(ch|py|pi|txn)_\w+$/.test(option.value)
	);
}

export function transactionSearchPlaceholder(customSearch: boolean): string {
	return customSearch
		? __("Search by order number, customer name, or billing email", "paydesk")
		: __("Search by customer name", "paydesk");
}

export function TransactionSearch({ terms }: { terms: readonly string[] }) {
	const customSearch = getSettings().featureFlags.customSearch;
	return (
		<SearchBox
			label={__("Search transactions", "paydesk")}
			placeholder={transactionSearchPlaceholder(customSearch)}
			terms={terms}
			onChange={(next) => updateQuery({ search: next, paged: undefined })}
			suggestionsKey={(term) => queryKeys.transactionSearch(term)}
			loadSuggestions={async (term, signal) => {
				const options = await callRoute(searchTransactions, { query: { search_term: term }, signal });
				return customSearch ? options : options.filter(isCustomerName);
			}}
		/>
	);
}
