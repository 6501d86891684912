/**
 * The Profile's Two-Factor Options (WordPress's Two Factor plugin's section): off, it offers to
 * set up an authenticator app; setting one up ends on the recovery codes, shown once; on, it
 * counts the codes left, makes new ones and turns off with a current code. A user whose role
 * requires it and who has not set it up (enrolling) sees the setup at once, and once the codes
 * are saved goes on to the admin.
 */
import { Button, Card, CardBody, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type ReactNode, useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { TotpSetup } from "./totp-setup.tsx";
import { TwoFactorOn } from "./two-factor-on.tsx";
import { useGenerateRecoveryCodes, useTwoFactorStatus } from "./use-two-factor.ts";

export function TwoFactorSection({ enrolling, onEnrolled }: { enrolling: boolean; onEnrolled: () => void }) {
	const status = useTwoFactorStatus();
	const codes = useGenerateRecoveryCodes();
	const [settingUp, setSettingUp] = useState(enrolling);
	const newCodes = () =>
		codes.mutate(undefined, {
			onError: (error) =>
				createNotice("error", `${__("Error generating recovery codes.", "paydesk")} ${error.message}`, {
					id: "two-factor",
				}),
		});

	let body: ReactNode;
	if (codes.data) {
		body = (
			<RecoveryCodes
				codes={codes.data.codes}
				doneLabel={enrolling ? __("Continue to the Admin", "paydesk") : __("Done", "paydesk")}
				onDone={() => (enrolling ? onEnrolled() : codes.reset())}
			/>
		);
	} else if (status.isPending) {
		body = (
			<p role="status">
				<Spinner /> {__("Loading two-factor options…", "paydesk")}
			</p>
		);
	} else if (status.isError) {
		body = (
			<Notice status="error" isDismissible={false}>
				{__("Error retrieving two-factor options.", "paydesk")}
			</Notice>
		);
	} else if (status.data.enabled) {
		body = <TwoFactorOn status={status.data} generating={codes.isPending} onNewCodes={newCodes} />;
	} else if (settingUp) {
		body = (
			<TotpSetup
				onEnabled={() => {
					setSettingUp(false);
					createNotice("success", __("Two-factor sign-in is on.", "paydesk"), { id: "two-factor" });
					newCodes();
				}}
				onCancel={enrolling ? undefined : () => setSettingUp(false)}
			/>
		);
	} else {
		body = (
			<>
				<p>
					{__(
						"Two-factor sign-in is off. With it on, signing in asks for your password and a code of an authenticator app on your phone.",
						"paydesk",
					)}
				</p>
				<Button variant="secondary" onClick={() => setSettingUp(true)}>
					{__("Set Up Authenticator App", "paydesk")}
				</Button>
			</>
		);
	}
	return (
		<Card className="paydesk-two-factor">
			<CardBody>
				<h2 className="paydesk-card-title">{__("Two-Factor Options", "paydesk")}</h2>
				{body}
			</CardBody>
		</Card>
	);
}
