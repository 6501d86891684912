/**
 * WooCommerce's settings tabs above the page: General (this page) and Payments, the store's
 * payments settings.
 */
import { __ } from "@wordpress/i18n";
import { Link } from "../../app/router.tsx";
import { routeHref } from "../../app/routes.ts";

export function SettingsTabs() {
	return (
		<nav className="nav-tab-wrapper paydesk-store-settings__tabs" aria-label={__("Settings tabs", "paydesk")}>
			<Link className="nav-tab nav-tab-active" href={routeHref("wc-settings:general")} aria-current="page">
				{__("General", "paydesk")}
			</Link>
			<Link className="nav-tab" href={routeHref("wc-settings:checkout")}>
				{__("Payments", "paydesk")}
			</Link>
		</nav>
	);
}
