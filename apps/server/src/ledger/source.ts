/**
 * A balance transaction's source is the object that moved its money: a refund, a dispute, a
 * loan, or, for a payment's own row (most of the ledger), its charge. The ledger stores
 * source_id only when the source is not the row's charge (migration 0009): null reads as
 * charge_id, and the 28 bytes of a charge id are not kept twice in every payment's row.
 */
export function storedSourceId(sourceId: string, chargeId: string | null): string | null {
	return sourceId === chargeId ? null : sourceId;
}
