/**
 * The Developers area's sections as tabs above each of its screens: API keys, Webhooks, Events
 * and Request logs. Each section is its own route (so a section, and a record in it, has its own
 * address); a record's screen marks its section current. A section the user may not open (API
 * keys, for a payments viewer) is left out.
 */
import "./developers-nav.css";
import { __ } from "@wordpress/i18n";
import { Link } from "../../app/router.tsx";
import { ROUTES, routeHref, userCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";

export const DEVELOPERS_SECTIONS = {
	keys: "/payments/developers",
	webhooks: "/payments/developers/webhooks",
	events: "/payments/developers/events",
	logs: "/payments/developers/logs",
} as const;

export type DevelopersSection = keyof typeof DEVELOPERS_SECTIONS;

const LABELS: Record<DevelopersSection, () => string> = {
	keys: () => __("API keys", "paydesk"),
	webhooks: () => __("Webhooks", "paydesk"),
	events: () => __("Events", "paydesk"),
	logs: () => __("Request logs", "paydesk"),
};

/** The capability a section's page asks, from the route registry. */
const capabilityOf = (section: DevelopersSection) =>
	ROUTES.find((route) => route.path === DEVELOPERS_SECTIONS[section])?.capability ?? "manage_woocommerce";

export function DevelopersNav({ current }: { current: DevelopersSection }) {
	const settings = getSettings();
	const sections = (Object.keys(DEVELOPERS_SECTIONS) as DevelopersSection[]).filter((section) =>
		userCan(settings, capabilityOf(section)),
	);
	return (
		<nav className="nav-tab-wrapper paydesk-developers__nav" aria-label={__("Developers", "paydesk")}>
			{sections.map((section) => (
				<Link
					key={section}
					className={`nav-tab${section === current ? " nav-tab-active" : ""}`}
					href={routeHref(DEVELOPERS_SECTIONS[section])}
					aria-current={section === current ? "page" : undefined}
				>
					{LABELS[section]()}
				</Link>
			))}
		</nav>
	);
}
