/**
 * The API keys table's columns: name, type, the key (a publishable key whole, with a copy
 * button; a secret or restricted key as its prefix and last four characters), a restricted key's
 * permissions, created, last used, when a rolled key stops working, and for administrators the
 * key's actions.
 */
import type { ApiKey } from "@paydesk/contract/developers";
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { CopyValue } from "../../components/copy-value/copy-value.tsx";
import { formatStoreDate, formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { permissionsSummary } from "../../components/stripe-permissions.ts";

/** How a secret key is shown after it was made: "sk_test_…4242". */
export const maskedKey = (key: Pick<ApiKey, "prefix" | "last4">): string => `${key.prefix}…${key.last4}`;

export const keyKindLabel = (key: Pick<ApiKey, "kind">): string =>
	key.kind === "secret"
		? __("Secret", "paydesk")
		: key.kind === "restricted"
			? __("Restricted", "paydesk")
			: __("Publishable", "paydesk");

/** A key is rolled once it has an end; only the current pair of a name can be rolled. */
export const isCurrentKey = (key: Pick<ApiKey, "expires_at">): boolean => key.expires_at === null;

export interface ApiKeyActions {
	onRoll: (key: ApiKey) => void;
	onDelete: (key: ApiKey) => void;
}

/** Built when the screen renders, so the headings are in the page language. */
const keyColumns = (): Column<ApiKey>[] => [
	{ key: "name", label: __("Name", "paydesk"), required: true, cell: (key) => key.name },
	{ key: "kind", label: __("Type", "paydesk"), required: true, cell: keyKindLabel },
	{
		key: "key",
		label: __("Key", "paydesk"),
		required: true,
		cell: (key) =>
			key.publishable_key ? (
				<CopyValue
					display="text"
					value={key.publishable_key}
					label={sprintf(
						/* translators: %s: the name of a pair of API keys */
						__("Publishable key of %s", "paydesk"),
						key.name,
					)}
					copyLabel={sprintf(
						/* translators: %s: the name of a pair of API keys */
						__("Copy the publishable key of %s", "paydesk"),
						key.name,
					)}
				/>
			) : (
				<code>{maskedKey(key)}</code>
			),
	},
	{
		key: "permissions",
		label: __("Permissions", "paydesk"),
		required: true,
		// Secret and publishable keys are not restricted by resource.
		cell: (key) => (key.permissions ? permissionsSummary(key.permissions) : "—"),
	},
	{
		key: "created",
		label: __("Created", "paydesk"),
		required: true,
		cell: (key) => formatStoreDate(key.created),
	},
	{
		key: "last_used",
		label: __("Last used", "paydesk"),
		required: true,
		cell: (key) => (key.last_used === null ? __("Never", "paydesk") : formatStoreDateTime(key.last_used)),
	},
	{
		key: "expires_at",
		label: __("Expires", "paydesk"),
		required: true,
		cell: (key) => (key.expires_at === null ? "—" : formatStoreDateTime(key.expires_at)),
	},
];

function actionsColumn({ onRoll, onDelete }: ApiKeyActions): Column<ApiKey> {
	return {
		key: "actions",
		label: __("Actions", "paydesk"),
		labelHidden: true,
		required: true,
		cell: (key) => (
			<span className="paydesk-developers__row-actions">
				{isCurrentKey(key) && (
					<Button
						variant="secondary"
						size="compact"
						aria-label={sprintf(
							/* translators: %s: a key as shown, e.g. sk_test_…4242 */
							__("Roll key %s", "paydesk"),
							key.publishable_key ?? maskedKey(key),
						)}
						onClick={() => onRoll(key)}
					>
						{__("Roll key", "paydesk")}
					</Button>
				)}
				<Button
					variant="tertiary"
					size="compact"
					isDestructive
					aria-label={sprintf(
						/* translators: %s: a key as shown, e.g. sk_test_…4242 */
						__("Delete %s", "paydesk"),
						key.publishable_key ?? maskedKey(key),
					)}
					onClick={() => onDelete(key)}
				>
					{__("Delete", "paydesk")}
				</Button>
			</span>
		),
	};
}

/** The columns; with actions only for those who may change keys (administrators). */
export function apiKeyColumns(actions: ApiKeyActions | null): readonly Column<ApiKey>[] {
	return actions ? [...keyColumns(), actionsColumn(actions)] : keyColumns();
}
