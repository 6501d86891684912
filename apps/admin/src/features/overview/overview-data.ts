/**
 * The overview's data. The first render asks for three things only — the balances
 * (GET /deposits/overview-all), the merchant's saved choices (one GET of the task and modal
 * options) and the disputes awaiting a response — so the balance shows after at most these
 * calls (bench/src/overview.ts); every other part waits for the balance (`useBalanceSettled`).
 */
import { DISMISSAL_OPTIONS } from "@paydesk/contract/options";
import { TASK_OPTIONS } from "@paydesk/domain/tasks";
import { useEffect, useState } from "react";
import { updateQuery, useLocation } from "../../app/router.tsx";
import { useDepositsOverview } from "../../data/payouts.ts";

/** Dismissal flags saved with POST /settings/{option} (spec 3 §7). */
export const SETTING_FLAGS = {
	connectionSuccessModal: DISMISSAL_OPTIONS.connectionSuccessModal,
	instantPayoutNotice: DISMISSAL_OPTIONS.instantPayoutNotice,
} as const;
export const ELIGIBILITY_MODAL_OPTION = DISMISSAL_OPTIONS.eligibilityModal;

/** Every option the overview reads, in one request. */
export const OVERVIEW_OPTIONS = [
	TASK_OPTIONS.dismissed,
	TASK_OPTIONS.deleted,
	TASK_OPTIONS.remindMeLater,
	ELIGIBILITY_MODAL_OPTION,
	SETTING_FLAGS.connectionSuccessModal,
	SETTING_FLAGS.instantPayoutNotice,
] as const;

/** A failure to save the overview's options raises one notice under this id. */
export const OVERVIEW_OPTIONS_NOTICE = "overview-options";

/**
 * True once the balance has answered (or failed) and been painted: the rest of the page may
 * load. Waiting for the frame after the answer keeps the other calls from starting in the task
 * that renders the balance, so they never delay its paint.
 */
export function useBalanceSettled(): boolean {
	const fetched = useDepositsOverview().isFetched;
	const [painted, setPainted] = useState(fetched);
	useEffect(() => {
		if (!fetched || painted) return;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const frame = requestAnimationFrame(() => {
			timer = setTimeout(() => setPainted(true), 0);
		});
		return () => {
			cancelAnimationFrame(frame);
			if (timer) clearTimeout(timer);
		};
	}, [fetched, painted]);
	return painted;
}

/**
 * The payout currencies, the store's own first, and the selected one (selected_currency in the
 * URL): the first currency when nothing valid is selected (spec 1 §2.2).
 */
export function useSelectedCurrency(): {
	currencies: string[];
	selected: string | null;
	select: (currency: string) => void;
} {
	const overview = useDepositsOverview();
	const { query } = useLocation();
	const account = overview.data?.account.default_currency;
	const listed = overview.data?.balance.available.map((balance) => balance.currency) ?? [];
	const currencies =
		account && listed.includes(account) ? [account, ...listed.filter((c) => c !== account)] : listed;
	const wanted = typeof query.selected_currency === "string" ? query.selected_currency.toLowerCase() : "";
	const selected = currencies.includes(wanted) ? wanted : (currencies[0] ?? null);
	return {
		currencies,
		selected,
		select: (currency) => updateQuery({ selected_currency: currency }, { replace: true }),
	};
}
