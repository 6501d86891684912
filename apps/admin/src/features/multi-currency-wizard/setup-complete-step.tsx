/** Step three, setup-complete (spec 3 §2.6): 'Back to home' and the multi-currency settings. */
import { Card, CardBody } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { Link, settingsUrl } from "../../app/router.tsx";

export function SetupCompleteStep({ currencies }: { currencies: string[] }) {
	return (
		<Card>
			<CardBody>
				<h2 className="paydesk-card-title">{__("Setup complete", "paydesk")}</h2>
				<p className="paydesk-wizard__lead">
					{__("Your store now offers prices and payments in:", "paydesk")} {currencies.join(", ")}
				</p>
				<div className="paydesk-wizard__links">
					<Link className="components-button is-primary" href="/wp-admin/admin.php?page=wc-admin">
						{__("Back to home", "paydesk")}
					</Link>
					<Link
						className="components-button is-secondary"
						href={settingsUrl({ tab: "wcpay_multi_currency" })}
					>
						{__("Multi-currency settings", "paydesk")}
					</Link>
				</div>
			</CardBody>
		</Card>
	);
}
