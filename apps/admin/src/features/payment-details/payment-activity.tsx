/**
 * The payment's Activity card: what people and API keys did to this payment (refunds, capture,
 * cancellation, its dispute), newest first, from the audit log. Administrators only: for
 * anyone else it is not there, and its entries are not read.
 */
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useCan } from "../../app/routes.ts";
import { describeAuditEntry } from "../../components/audit/describe-entry.ts";
import { formatStoreDateTime } from "../../components/format.ts";
import { usePaymentAuditLog } from "../../data/audit-log.ts";

function ActivityEntries({ paymentIntentId }: { paymentIntentId: string }) {
	const log = usePaymentAuditLog(paymentIntentId);
	const entries = log.data?.data ?? [];
	if (log.isPending) return <p>{__("Loading…", "paydesk")}</p>;
	if (log.isError) return <p>{__("Error retrieving activity.", "paydesk")}</p>;
	if (entries.length === 0) return <p>{__("Nobody has acted on this payment yet.", "paydesk")}</p>;
	return (
		<ul className="paydesk-payment-activity">
			{entries.map((entry) => (
				<li key={entry.id}>
					<span>{describeAuditEntry(entry)}</span>{" "}
					<time className="paydesk-payment-activity__time">{formatStoreDateTime(entry.created)}</time>
				</li>
			))}
		</ul>
	);
}

export function PaymentActivity({ paymentIntentId }: { paymentIntentId: string }) {
	const isAdministrator = useCan("manage_options");
	if (!isAdministrator) return null;
	return (
		<Card className="paydesk-payment-activity-card">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Activity", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<ActivityEntries paymentIntentId={paymentIntentId} />
			</CardBody>
		</Card>
	);
}
