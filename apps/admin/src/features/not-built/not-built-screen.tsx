import { Card, CardBody } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { adminUrl, Link, useLocation } from "../../app/router.tsx";
import { ROUTES, routeKey } from "../../app/routes.ts";

/** Says plainly that a registered route's screen is not built yet, rather than a blank page. */
export default function NotBuiltScreen() {
	const { pathname, query } = useLocation();
	const key = routeKey(pathname, query);
	const title = ROUTES.find((route) => route.path === key)?.title() ?? __("This page", "paydesk");
	return (
		<div className="paydesk-page">
			<Card>
				<CardBody>
					<h2>{title}</h2>
					<p>{sprintf(__("The %s screen is not built yet in this version of Paydesk.", "paydesk"), title)}</p>
					<p>
						<Link href={adminUrl("/payments/overview")}>{__("Go to the payments overview", "paydesk")}</Link>
					</p>
				</CardBody>
			</Card>
		</div>
	);
}
