/**
 * Whether an id from the address is one the Developers area's routes take: a malformed one is
 * never asked for, and its screen says the record does not exist. The patterns are the contract's
 * own (the admin's build keeps no route schemas to check with).
 */
import { DEVELOPERS_ID_PATTERNS } from "@paydesk/contract/developers";

type Kind = keyof typeof DEVELOPERS_ID_PATTERNS;

const patterns = new Map<Kind, RegExp>();

export function isDevelopersId(kind: Kind, id: string | undefined): id is string {
	if (id === undefined) return false;
	let pattern = patterns.get(kind);
	if (!pattern) {
		pattern = new RegExp(DEVELOPERS_ID_PATTERNS[kind]);
		patterns.set(kind, pattern);
	}
	return pattern.test(id);
}
