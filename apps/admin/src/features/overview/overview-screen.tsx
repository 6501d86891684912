/**
 * /payments/overview, top to bottom as the spec orders it (spec 1 §2.2, spec 3 §2.8): greeting;
 * banners; the partner's notifications; tasks; balance and payouts; payment activity; account
 * details with fees; the active loan; the inbox; the modals of a fresh connection. Rejected or
 * under-review accounts see neither notifications, tasks nor inbox, and neither does a payments
 * viewer: each asks for something to be done to the account, which is not the viewer's to do.
 */
import { hidesActionAreas } from "@paydesk/domain/account-status";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { ActiveLoanSummary } from "../../components/active-loan-summary/active-loan-summary.tsx";
import { AccountDetailsCard } from "./account-details-card.tsx";
import { BalanceCard } from "./balance-card.tsx";
import { Inbox } from "./inbox.tsx";
import { NotificationsBanner } from "./notifications-banner.tsx";
import { Greeting, OverviewBanners } from "./overview-banners.tsx";
import { useBalanceSettled } from "./overview-data.ts";
import { OverviewModals } from "./overview-modals.tsx";
import { PaymentActivityCard } from "./payment-activity-card.tsx";
import { PayoutsCard } from "./payouts-card.tsx";
import { TaskList } from "./task-list.tsx";
import "./overview.css";
import "./overview-cards.css";

export default function OverviewScreen() {
	const settings = getSettings();
	const settled = useBalanceSettled();
	const manages = useCan("manage_woocommerce");
	const hidden = hidesActionAreas(settings.accountStatus?.status ?? "") || !manages;
	return (
		<div className="paydesk-page paydesk-overview">
			<Greeting />
			<OverviewBanners />
			{!hidden && <NotificationsBanner enabled={settled} />}
			{!hidden && <TaskList />}
			<div className="paydesk-overview__money">
				<BalanceCard />
				<PayoutsCard />
			</div>
			{settings.featureFlags.isPaymentOverviewWidgetEnabled && <PaymentActivityCard />}
			<AccountDetailsCard />
			{settled && settings.accountLoans.has_active_loan && <ActiveLoanSummary />}
			{settled && !hidden && <Inbox />}
			{manages && <OverviewModals />}
		</div>
	);
}
