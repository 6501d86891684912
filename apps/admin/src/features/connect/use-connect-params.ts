/** The connect page's query (spec 1 §2.1): sanitised source and from, and the flow flags. */
import { effectiveSource, sanitiseConnectParam } from "@paydesk/domain/connect";
import { type Query, useLocation } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";

export interface ConnectParams {
	/** The effective source (spec 1 §2.1 order). */
	source: string;
	from: string;
	testDriveError: boolean;
	autoStartTestDrive: boolean;
	connectionError: boolean;
	redirectToSettingsPage: boolean;
	capabilities: string;
}

const first = (query: Query, key: string) => {
	const value = query[key];
	return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
};
const isTrue = (query: Query, key: string) => ["true", "1"].includes(first(query, key));

export function connectParamsOf(query: Query, connectUrl: string): ConnectParams {
	const from = sanitiseConnectParam(first(query, "from"));
	return {
		source: effectiveSource({ source: first(query, "source"), connectUrl, from }),
		from,
		testDriveError: isTrue(query, "test_drive_error"),
		autoStartTestDrive: isTrue(query, "auto_start_test_drive_onboarding"),
		connectionError: isTrue(query, "wcpay-connection-error"),
		redirectToSettingsPage: isTrue(query, "redirect_to_settings_page"),
		capabilities: first(query, "capabilities").replace(/[^\w,]/g, ""),
	};
}

export function useConnectParams(): ConnectParams {
	const { query } = useLocation();
	return connectParamsOf(query, getSettings().connectUrl);
}
