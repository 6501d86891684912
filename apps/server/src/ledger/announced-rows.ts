/**
 * The rows a transaction adds to the ledger, announced by the events it records: the transactions
 * list offers "N new payments" by what its rows are, not by guessing from event types (a decline
 * adds no row, a manual capture adds one although its payment had an event before, a refund adds
 * one). Whatever writes ledger rows through insertBalanceTransactions and records its events
 * through recordAccountEvents in the same transaction is counted, whichever processor it is.
 */

const pending = new WeakMap<object, number>();

/** Notes `count` new ledger rows in the transaction `trx`. */
export function noteLedgerRows(trx: object, count: number): void {
	if (count > 0) pending.set(trx, (pending.get(trx) ?? 0) + count);
}

/** The ledger rows noted in `trx` and not yet announced; the count restarts at 0. */
export function takeLedgerRows(trx: object): number {
	const count = pending.get(trx) ?? 0;
	pending.delete(trx);
	return count;
}
