import { getAccount } from "@paydesk/contract/accounts";
import { greeting } from "@paydesk/domain/greeting";
import { useQuery } from "@tanstack/react-query";
import { Card, CardBody, CardHeader, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";
import { getSettings } from "../../app/settings.ts";

/** The overview's first pieces: the greeting and the account's status. */
export default function OverviewScreen() {
	const settings = getSettings();
	const account = useQuery({
		queryKey: queryKeys.account(),
		queryFn: ({ signal }) => callRoute(getAccount, { signal }),
	});
	return (
		<div className="paydesk-page">
			<h2>{greeting(new Date().getHours(), settings.user.firstName)}</h2>
			<Card>
				<CardHeader>{__("Account", "paydesk")}</CardHeader>
				<CardBody>
					{account.isPending && <Spinner />}
					{account.isError && (
						<Notice status="error" isDismissible={false}>
							{__("Error determining the connection status.", "paydesk")}
						</Notice>
					)}
					{account.data && (
						<dl className="paydesk-account-summary">
							<dt>{__("Account status", "paydesk")}</dt>
							<dd data-testid="account-status">{account.data.status}</dd>
							<dt>{__("Payments", "paydesk")}</dt>
							<dd>{account.data.paymentsEnabled ? __("Enabled", "paydesk") : __("Disabled", "paydesk")}</dd>
							<dt>{__("Country", "paydesk")}</dt>
							<dd>{account.data.country}</dd>
						</dl>
					)}
				</CardBody>
			</Card>
		</div>
	);
}
