/**
 * Two-factor sign-in while it is on: the recovery codes left, new ones, and turning it off with a
 * current code, unless the user's role requires it (then it says so and stays on).
 */
import type { TwoFactorStatus } from "@paydesk/contract/two-factor";
import { Button } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useRef, useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { formatNumber } from "../../components/format.ts";
import { AuthCodeField, authCodeLabel } from "./auth-code-field.tsx";
import { showRefusal } from "./refusal.ts";
import { useDisableTotp } from "./use-two-factor.ts";

function TurnOff() {
	const disable = useDisableTotp();
	const [code, setCode] = useState("");
	const [error, setError] = useState<string | undefined>();
	const field = useRef<HTMLInputElement>(null);
	return (
		<form
			className="paydesk-two-factor__off"
			aria-label={__("Turn off two-factor sign-in", "paydesk")}
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				disable.mutate(code, {
					onSuccess: () =>
						createNotice("success", __("Two-factor sign-in is off.", "paydesk"), { id: "two-factor" }),
					onError: (refusal) => {
						const errors = showRefusal(
							__("Two-factor sign-in was not turned off.", "paydesk"),
							refusal,
							{ code: authCodeLabel() },
							"two-factor",
						);
						setError(errors.code ?? refusal.message);
						field.current?.focus();
					},
				});
			}}
		>
			<AuthCodeField
				ref={field}
				id="two-factor-off-code"
				value={code}
				error={error}
				help={__("A current code of your authenticator app, or one of your recovery codes.", "paydesk")}
				onChange={(next) => {
					setCode(next);
					setError(undefined);
				}}
			/>
			<div className="paydesk-two-factor__actions">
				<Button
					type="submit"
					variant="secondary"
					isDestructive
					isBusy={disable.isPending}
					disabled={disable.isPending}
					accessibleWhenDisabled
				>
					{__("Turn Off Two-Factor", "paydesk")}
				</Button>
			</div>
		</form>
	);
}

export function TwoFactorOn({
	status,
	generating,
	onNewCodes,
}: {
	status: TwoFactorStatus;
	generating: boolean;
	onNewCodes: () => void;
}) {
	const left = status.backup_codes_remaining;
	return (
		<>
			<p className="paydesk-two-factor__state">
				{__("Two-factor sign-in is on: signing in asks for a code of your authenticator app.", "paydesk")}
			</p>
			<p>
				{sprintf(
					/* translators: %s: how many recovery codes are left */
					_n(
						"%s unused recovery code remaining, each recovery code can only be used once.",
						"%s unused recovery codes remaining, each recovery code can only be used once.",
						left,
						"paydesk",
					),
					formatNumber(left),
				)}
			</p>
			<div className="paydesk-two-factor__actions">
				<Button
					variant="secondary"
					isBusy={generating}
					disabled={generating}
					accessibleWhenDisabled
					onClick={onNewCodes}
				>
					{__("Generate New Recovery Codes", "paydesk")}
				</Button>
				<em>{__("This invalidates all currently stored codes.", "paydesk")}</em>
			</div>
			{status.required ? (
				<p>{__("Your role requires two-factor sign-in: it stays on.", "paydesk")}</p>
			) : (
				<TurnOff />
			)}
		</>
	);
}
