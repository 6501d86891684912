/**
 * The embedded identity-verification step: the financial partner's component, or its error
 * (spec 1 §8: invalid_request_error means HTTPS is required, with Learn more and Cancel; any
 * other error shows its own message).
 */
import type { KycSessionBody } from "@paydesk/contract/onboarding";
import { Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { connectionErrorUrl } from "./finalize.ts";
import { redirectTo } from "./redirect.ts";
import { useEmbeddedOnboarding } from "./use-embedded-onboarding.ts";
import type { OnboardingParams } from "./use-onboarding-params.ts";

const HTTPS_HELP = "https://developer.mozilla.org/docs/Web/Security/Secure_Contexts";

export function EmbeddedStep({ body, params }: { body: KycSessionBody; params: OnboardingParams }) {
	const { container, status, error } = useEmbeddedOnboarding(body, params);
	return (
		<div className="paydesk-onboarding__embedded">
			{status === "loading" && (
				<p className="paydesk-onboarding__loading" role="status">
					<Spinner /> {__("Loading the verification step…", "paydesk")}
				</p>
			)}
			{status === "finalizing" && (
				<p className="paydesk-onboarding__loading" role="status">
					<Spinner /> {__("Finishing your account setup…", "paydesk")}
				</p>
			)}
			{error?.type === "invalid_request_error" && (
				<Notice
					status="error"
					isDismissible={false}
					actions={[
						{ label: __("Learn more", "paydesk"), url: HTTPS_HELP, variant: "secondary" },
						{
							label: __("Cancel", "paydesk"),
							onClick: () => redirectTo(connectionErrorUrl(params)),
							variant: "link",
						},
					]}
				>
					{__(
						"Payment activation through our financial partner requires HTTPS and cannot be completed.",
						"paydesk",
					)}
				</Notice>
			)}
			{error && error.type !== "invalid_request_error" && (
				<Notice status="error" isDismissible={false}>
					{error.message}
				</Notice>
			)}
			<div
				ref={container}
				className="paydesk-onboarding__partner"
				hidden={status === "error" || status === "finalizing"}
			/>
		</div>
	);
}
