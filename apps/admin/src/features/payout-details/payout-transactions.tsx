/** The transactions a payout paid out (every payout but instant ones). */
export function PayoutTransactions(_props: { payoutId: string }) {
	return null;
}
