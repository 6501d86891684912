/**
 * The methods a merchant picks in the wizard (spec 3 §4.3): checking waits 1500 ms behind a
 * spinner before it applies (0 ms to uncheck), and an unrequested method with requirements asks
 * for confirmation first.
 */
import {
	DISABLE_DELAY_MS,
	ENABLE_DELAY_MS,
	type MethodStatusEntry,
	needsRequirementConfirmation,
} from "@paydesk/domain/payment-method-enablement";
import { useEffect, useRef, useState } from "react";

export interface MethodSelection {
	selected: string[];
	/** The method whose check is being applied (spinner shown). */
	pending: string | null;
	/** The method waiting for the merchant to confirm its requirements. */
	confirming: string | null;
	toggle: (id: string, checked: boolean, status: MethodStatusEntry) => void;
	confirm: () => void;
	cancel: () => void;
}

export function useMethodSelection(): MethodSelection {
	const [selected, setSelected] = useState<string[]>([]);
	const [pending, setPending] = useState<string | null>(null);
	const [confirming, setConfirming] = useState<string | null>(null);
	const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
	useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

	const apply = (id: string, checked: boolean) => {
		setPending(checked ? id : null);
		timer.current = setTimeout(
			() => {
				setSelected((current) =>
					checked
						? [...current.filter((existing) => existing !== id), id]
						: current.filter((existing) => existing !== id),
				);
				setPending(null);
			},
			checked ? ENABLE_DELAY_MS : DISABLE_DELAY_MS,
		);
	};

	return {
		selected,
		pending,
		confirming,
		toggle: (id, checked, status) => {
			if (checked && needsRequirementConfirmation(status)) setConfirming(id);
			else apply(id, checked);
		},
		confirm: () => {
			if (confirming) apply(confirming, true);
			setConfirming(null);
		},
		cancel: () => setConfirming(null),
	};
}
