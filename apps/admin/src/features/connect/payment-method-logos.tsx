/**
 * The row of payment-method logos (spec 1 §1, §9): 19, or 20 with the store's wallet; 10 shown,
 * 7 at width 768 or less, 5 at 480 or less; the rest in an overflow popover that hides 300 ms
 * after the pointer or focus leaves it.
 */
import {
	connectPageLogos,
	LOGO_POPOVER_HIDE_MS,
	type PaymentMethodLogo,
	visibleLogoCount,
} from "@paydesk/domain/connect";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useEffect, useRef, useState } from "react";

function useViewportWidth(): number {
	const [width, setWidth] = useState(() => window.innerWidth);
	useEffect(() => {
		const update = () => setWidth(window.innerWidth);
		window.addEventListener("resize", update);
		return () => window.removeEventListener("resize", update);
	}, []);
	return width;
}

function Logo({ logo }: { logo: PaymentMethodLogo }) {
	return (
		<li className={`paydesk-connect__logo is-${logo.id}`} title={logo.label}>
			{logo.label}
		</li>
	);
}

function Overflow({ logos }: { logos: PaymentMethodLogo[] }) {
	const [open, setOpen] = useState(false);
	const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
	const show = () => {
		if (hideTimer.current) clearTimeout(hideTimer.current);
		setOpen(true);
	};
	const hideSoon = () => {
		if (hideTimer.current) clearTimeout(hideTimer.current);
		hideTimer.current = setTimeout(() => setOpen(false), LOGO_POPOVER_HIDE_MS);
	};
	useEffect(
		() => () => {
			if (hideTimer.current) clearTimeout(hideTimer.current);
		},
		[],
	);
	return (
		<li
			className="paydesk-connect__logo-more"
			onMouseEnter={show}
			onMouseLeave={hideSoon}
			onFocus={show}
			onBlur={hideSoon}
		>
			<button
				type="button"
				className="paydesk-connect__logo is-more"
				aria-expanded={open}
				aria-controls="paydesk-connect-more-logos"
				onClick={() => (open ? setOpen(false) : show())}
				aria-label={sprintf(
					/* translators: %d: number of further payment methods */
					_n("%d more payment method", "%d more payment methods", logos.length, "paydesk"),
					logos.length,
				)}
			>
				{`+${logos.length}`}
			</button>
			{open && (
				<ul id="paydesk-connect-more-logos" className="paydesk-connect__logo-popover">
					{logos.map((logo) => (
						<Logo key={logo.id} logo={logo} />
					))}
				</ul>
			)}
		</li>
	);
}

export function PaymentMethodLogos({ hasWallet }: { hasWallet: boolean }) {
	const logos = connectPageLogos(hasWallet);
	const shown = visibleLogoCount(useViewportWidth());
	return (
		<ul className="paydesk-connect__logos" aria-label={__("Accepted payment methods", "paydesk")}>
			{logos.slice(0, shown).map((logo) => (
				<Logo key={logo.id} logo={logo} />
			))}
			{logos.length > shown && <Overflow logos={logos.slice(shown)} />}
		</ul>
	);
}
