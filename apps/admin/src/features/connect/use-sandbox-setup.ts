/**
 * The sandbox (test-drive) flow of spec 1 §4.2: progress from 5 (+5 a step up to 40) while the
 * connect URL creates the sandbox account, then the account is polled every 2.5 s (+6 a step)
 * until its status has no 'pending', progress passes 95 or 40 s went by; then 100 and the
 * connect URL's sandbox-success redirect. Failure returns with test_drive_error=true.
 */
import { getAccount } from "@paydesk/contract/accounts";
import { CONNECT_FLAGS, connectUrlAnswer } from "@paydesk/contract/connect";
import {
	ACCOUNT_POLL_INTERVAL_MS,
	connectingProgress,
	isSandboxSetupFinished,
	pollingProgress,
	SANDBOX_PROGRESS,
	withQueryArgs,
} from "@paydesk/domain/connect";
import { useCallback, useEffect, useRef, useState } from "react";
import { callRoute } from "../../app/api.ts";
import { adminUrl } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { redirectTo } from "./redirect.ts";
import type { ConnectParams } from "./use-connect-params.ts";

export interface SandboxSetup {
	running: boolean;
	progress: number;
	start: () => void;
}

function carriesConnectionSuccess(url: string): boolean {
	const index = url.indexOf("?");
	return (
		new URLSearchParams(index === -1 ? "" : url.slice(index + 1)).get(CONNECT_FLAGS.connectionSuccess) === "1"
	);
}

async function createSandboxAccount(url: string): Promise<string | null> {
	try {
		const response = await fetch(url, {
			credentials: "same-origin",
			headers: { Accept: "application/json" },
		});
		const answer = connectUrlAnswer.safeParse(await response.json());
		return answer.success && answer.data.success ? answer.data.data.redirect_to : null;
	} catch {
		return null;
	}
}

export function useSandboxSetup(params: ConnectParams): SandboxSetup {
	const [progress, setProgress] = useState(0);
	const current = useRef(0);
	const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
	const started = useRef(false);

	useEffect(
		() => () => {
			// Browsers share one timer list, so clearInterval ends timeouts and the ticker alike.
			for (const timer of timers.current) clearInterval(timer);
		},
		[],
	);

	const start = useCallback(() => {
		if (started.current) return;
		started.current = true;
		const settings = getSettings();
		const set = (value: number) => {
			current.current = value;
			setProgress(value);
		};
		const shared = {
			source: params.source,
			from: params.from || "WCPAY_CONNECT",
			[CONNECT_FLAGS.redirectToSettingsPage]: params.redirectToSettingsPage ? "true" : undefined,
		};
		if (!settings.isJetpackConnected) {
			// The content platform connects first; the connect page starts this flow again on return.
			redirectTo(
				withQueryArgs(settings.connectUrl, {
					...shared,
					test_drive: "true",
					[CONNECT_FLAGS.autoStartTestDrive]: "true",
					capabilities: params.capabilities,
				}),
			);
			return;
		}
		const startedAt = Date.now();
		const fail = () =>
			redirectTo(
				adminUrl("/payments/connect", { [CONNECT_FLAGS.testDriveError]: "true", source: params.source }),
			);
		const finish = () => {
			set(SANDBOX_PROGRESS.done);
			redirectTo(
				withQueryArgs(settings.connectUrl, {
					...shared,
					[CONNECT_FLAGS.sandboxSuccess]: "true",
					test_drive: "true",
				}),
			);
		};
		const poll = async () => {
			let status = "pending";
			try {
				status = (await callRoute(getAccount)).status;
			} catch {
				// A failed poll is one more wait; the 40 s limit ends the flow anyway.
			}
			set(pollingProgress(current.current));
			if (isSandboxSetupFinished({ status, progress: current.current, elapsedMs: Date.now() - startedAt }))
				finish();
			else timers.current.push(setTimeout(poll, ACCOUNT_POLL_INTERVAL_MS));
		};

		set(SANDBOX_PROGRESS.start);
		const ticker = setInterval(() => set(connectingProgress(current.current)), ACCOUNT_POLL_INTERVAL_MS);
		timers.current.push(ticker);
		void createSandboxAccount(
			withQueryArgs(settings.connectUrl, {
				...shared,
				test_drive: "true",
				capabilities: params.capabilities,
			}),
		).then((redirect) => {
			clearInterval(ticker);
			if (!redirect) return fail();
			set(SANDBOX_PROGRESS.connectedAt);
			if (!carriesConnectionSuccess(redirect)) return redirectTo(redirect);
			void poll();
		});
	}, [params]);

	useEffect(() => {
		if (params.autoStartTestDrive) start();
	}, [params.autoStartTestDrive, start]);

	return { running: progress > 0, progress, start };
}
