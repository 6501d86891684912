/**
 * The person and object fields above the list: free text (a login, an API key's name, an id),
 * which the filter bar's value lists cannot offer; applied to the URL on submit.
 */
import { Button, TextControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { type Query, updateQuery } from "../../app/router.tsx";

const textParam = (query: Query, name: string) => {
	const value = query[name];
	return typeof value === "string" ? value : "";
};

export function ActivityTextFilters({ query }: { query: Query }) {
	const [actor, setActor] = useState(textParam(query, "actor_is"));
	const [object, setObject] = useState(textParam(query, "object_id"));
	return (
		<form
			className="paydesk-activity__text-filters"
			onSubmit={(event) => {
				event.preventDefault();
				updateQuery({
					actor_is: actor.trim() || undefined,
					object_id: object.trim() || undefined,
					paged: undefined,
				});
			}}
		>
			<TextControl __next40pxDefaultSize label={__("Person", "paydesk")} value={actor} onChange={setActor} />
			<TextControl
				__next40pxDefaultSize
				label={__("Object ID", "paydesk")}
				value={object}
				onChange={setObject}
			/>
			<Button __next40pxDefaultSize variant="secondary" type="submit">
				{__("Apply", "paydesk")}
			</Button>
		</form>
	);
}
