/**
 * The connect incentive (spec 1 §2.1, §5). Its description is HTML the server has already
 * sanitised (apps/server/src/http/sanitize-html.ts keeps only a, b, em, i, strong, p and br,
 * and safe links opening in a new tab), so it is shown as it arrives; the terms link comes
 * empty when the server would not keep it.
 */
import type { ConnectIncentive } from "@paydesk/contract/connect";
import { Card, CardBody, ExternalLink } from "@wordpress/components";
import { __ } from "@wordpress/i18n";

export function Incentive({ incentive }: { incentive: ConnectIncentive }) {
	return (
		<Card className="paydesk-connect__incentive">
			<CardBody>
				<h3>{__("Special offer", "paydesk")}</h3>
				<div
					className="paydesk-connect__incentive-text"
					// biome-ignore lint/security/noDangerouslySetInnerHtml: the server sends it sanitised, see above
					dangerouslySetInnerHTML={{ __html: incentive.description }}
				/>
				{incentive.tc_url && (
					<p>
						<ExternalLink href={incentive.tc_url}>{__("See terms and conditions", "paydesk")}</ExternalLink>
					</p>
				)}
				<p className="paydesk-connect__incentive-note">
					{__("The offer is applied when you verify your business details.", "paydesk")}
				</p>
			</CardBody>
		</Card>
	);
}
