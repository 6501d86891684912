/**
 * Records each card of the fraud protection page the first time it comes into view during a
 * visit of the page (a usage event, app/tracks.ts): a card is known by its element id,
 * fraud-filter-<card>. Where the browser cannot tell what is in view, nothing is recorded.
 */
import { FRAUD_PROTECTION_CARDS, type FraudProtectionCard } from "@paydesk/contract/tracks";
import { type RefObject, useEffect, useRef } from "react";
import { recordEvent } from "../../app/tracks.ts";

const CARD_ID_PREFIX = "fraud-filter-";

function cardOf(element: Element): FraudProtectionCard | null {
	const card = element.id.slice(CARD_ID_PREFIX.length);
	return (FRAUD_PROTECTION_CARDS as readonly string[]).includes(card) ? (card as FraudProtectionCard) : null;
}

/** Watches the cards inside `container` while `shown`. */
export function useCardsSeen(container: RefObject<HTMLElement | null>, shown: boolean): void {
	// Seen during this visit: the page remounts on the next one.
	const seen = useRef(new Set<FraudProtectionCard>());
	useEffect(() => {
		const root = container.current;
		if (!shown || !root || typeof IntersectionObserver === "undefined") return;
		const observer = new IntersectionObserver((entries) => {
			for (const entry of entries) {
				const card = entry.isIntersecting ? cardOf(entry.target) : null;
				if (!card || seen.current.has(card)) continue;
				seen.current.add(card);
				recordEvent("wcpay_fraud_protection_card_viewed", { card });
				observer.unobserve(entry.target);
			}
		});
		for (const element of root.querySelectorAll(`[id^="${CARD_ID_PREFIX}"]`)) observer.observe(element);
		return () => observer.disconnect();
	}, [container, shown]);
}
