/**
 * The account's keys in their card: grey placeholder lines while they load, the error with a
 * way to try again, the table (with "There are no API keys yet." when empty), and for
 * administrators the "Create secret key" and "Create restricted key" buttons in the card's header.
 */
import type { ApiKey } from "@paydesk/contract/developers";
import { Button, Card, CardBody, CardHeader, Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { DataTable } from "../../components/list/data-table.tsx";
import type { Paging } from "../../components/list/list-query.ts";
import type { useApiKeys } from "../../data/api-keys.ts";
import { type ApiKeyActions, apiKeyColumns } from "./api-key-columns.tsx";

/** One short list, in the server's order: nothing to sort or page through. */
const PAGING: Paging = { paged: 1, perPage: 100, orderby: "", order: "desc" };

const PLACEHOLDER_LINES = ["first", "second", "third"] as const;

function KeysPlaceholder() {
	return (
		<Card className="paydesk-table-card">
			<CardHeader className="paydesk-table-card__header">
				<h2 className="paydesk-table-card__title">{__("API keys", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<div className="paydesk-developers__placeholder" role="status">
					<span className="screen-reader-text">{__("Loading API keys…", "paydesk")}</span>
					{PLACEHOLDER_LINES.map((line) => (
						<div key={line} className="paydesk-developers__placeholder-line" aria-hidden="true" />
					))}
				</div>
			</CardBody>
		</Card>
	);
}

export function ApiKeysTable({
	keys,
	actions,
	onCreate,
	onCreateRestricted,
}: {
	keys: ReturnType<typeof useApiKeys>;
	/** Null for those who only read (shop managers): no buttons the server would refuse. */
	actions: ApiKeyActions | null;
	onCreate: () => void;
	onCreateRestricted: () => void;
}) {
	if (keys.isPending) return <KeysPlaceholder />;
	if (keys.isError) {
		return (
			<Notice
				status="error"
				isDismissible={false}
				actions={[
					{ label: __("Try again", "paydesk"), onClick: () => void keys.refetch(), variant: "secondary" },
				]}
			>
				{__("Error retrieving API keys.", "paydesk")}
			</Notice>
		);
	}
	return (
		<DataTable<ApiKey>
			title={__("API keys", "paydesk")}
			columns={apiKeyColumns(actions)}
			rows={keys.data.data}
			rowKey={(key) => key.id}
			totalRows={undefined}
			paging={PAGING}
			hidden={[]}
			onToggleColumn={() => undefined}
			isLoading={false}
			emptyMessage={
				actions
					? __("There are no API keys yet. Create a secret key to call the API from your code.", "paydesk")
					: __("There are no API keys yet.", "paydesk")
			}
			actions={
				actions && (
					<span className="paydesk-developers__row-actions">
						<Button variant="secondary" size="compact" onClick={onCreateRestricted}>
							{__("Create restricted key", "paydesk")}
						</Button>
						<Button variant="primary" size="compact" onClick={onCreate}>
							{__("Create secret key", "paydesk")}
						</Button>
					</span>
				)
			}
		/>
	);
}
