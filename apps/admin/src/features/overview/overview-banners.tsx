/**
 * The greeting and the banners at the top of the overview (spec 1 §2.2, §8; spec 3 §8): the
 * query flags' messages, the sandbox notice of test-mode onboarding, the Safe Mode notice and
 * 'Error determining the connection status.' when the account cannot be read.
 */
import { type DayPart, dayPart } from "@paydesk/domain/greeting";
import { Notice } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { type Query, settingsUrl, useLocation } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";

/** Each part of the day's greeting, with and without the user's first name, as whole sentences. */
const GREETINGS: Record<DayPart, { named: (name: string) => string; plain: () => string }> = {
	morning: {
		/* translators: %s: the user's first name. */
		named: (name: string) => sprintf(__("Good morning, %s 👋", "paydesk"), name),
		plain: () => __("Good morning 👋", "paydesk"),
	},
	afternoon: {
		/* translators: %s: the user's first name. */
		named: (name: string) => sprintf(__("Good afternoon, %s 👋", "paydesk"), name),
		plain: () => __("Good afternoon 👋", "paydesk"),
	},
	evening: {
		/* translators: %s: the user's first name. */
		named: (name: string) => sprintf(__("Good evening, %s 👋", "paydesk"), name),
		plain: () => __("Good evening 👋", "paydesk"),
	},
};

export function Greeting() {
	const { user } = getSettings();
	const texts = GREETINGS[dayPart(new Date().getHours())];
	const name = user.firstName?.trim();
	return <h2 className="paydesk-overview__greeting">{name ? texts.named(name) : texts.plain()}</h2>;
}

/** The page a merchant pays a test order on (DESIGN §3 "Intake and time"). */
const TEST_CHECKOUT_URL = "/paydesk/test-checkout";

interface FlagBanner {
	status: "success" | "error";
	text: string;
}

/** The banner each query flag selects; several flags show several banners. */
export function flagBanners(query: Query, errorMessage: string, productName: string): FlagBanner[] {
	const banners: FlagBanner[] = [];
	if (query["wcpay-sandbox-success"] === "true")
		banners.push({
			status: "success",
			text: sprintf(__("Success! You can start using %s in sandbox mode.", "paydesk"), productName),
		});
	if (query["wcpay-login-error"] === "1")
		banners.push({
			status: "error",
			text:
				errorMessage ||
				__("There was a problem redirecting you to the account dashboard. Please try again.", "paydesk"),
		});
	if (query["wcpay-loan-offer-error"] === "1")
		banners.push({
			status: "error",
			text: __(
				"There was a problem redirecting you to the loan offer. Please check that it is not expired and try again.",
				"paydesk",
			),
		});
	if (query["wcpay-server-link-error"] === "1")
		banners.push({
			status: "error",
			text: __(
				"There was a problem redirecting you to the requested link. Please check that it is valid and try again.",
				"paydesk",
			),
		});
	if (query["wcpay-reset-account-error"] === "1")
		banners.push({
			status: "error",
			text: __(
				"There was a problem resetting your account. Please wait a few seconds and try again.",
				"paydesk",
			),
		});
	return banners;
}

export function OverviewBanners() {
	const settings = getSettings();
	const { query } = useLocation();
	const status = settings.accountStatus;
	const goLive = `${settings.connectUrl}&wcpay-disable-onboarding-test-mode=true`;
	// Paying a test order, going live and fixing the site's connection are the store's business.
	const manages = useCan("manage_woocommerce");
	return (
		<>
			{flagBanners(query, settings.errorMessage, settings.productName).map((banner) => (
				<Notice key={banner.text} status={banner.status} isDismissible={false} className="paydesk-notice">
					{banner.text}
				</Notice>
			))}
			{settings.isAccountConnected && !status && (
				<Notice status="error" isDismissible={false} className="paydesk-notice">
					{__("Error determining the connection status.", "paydesk")}
				</Notice>
			)}
			{settings.testModeOnboarding && (
				<Notice status="info" isDismissible={false} className="paydesk-notice">
					<strong>{__("You are using a sandbox test account.", "paydesk")}</strong>{" "}
					{__("Payments are simulated and no real money moves.", "paydesk")}
					{manages && (
						<>
							{" "}
							<a href={TEST_CHECKOUT_URL}>{__("Make a test payment", "paydesk")}</a>{" "}
							<a href={goLive}>{__("Set up live payments", "paydesk")}</a>
						</>
					)}
				</Notice>
			)}
			{status?.safeMode && (
				<Notice status="error" isDismissible={false} className="paydesk-notice">
					<strong>{__("Your site is currently in Safe Mode.", "paydesk")}</strong>{" "}
					{__("Payments stay paused until the site's connection is confirmed.", "paydesk")}
					{manages && (
						<>
							{" "}
							<a href={settingsUrl()}>{__("Please take action", "paydesk")}</a>
						</>
					)}
				</Notice>
			)}
		</>
	);
}
