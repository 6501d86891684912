/**
 * The admin on a phone: every screen of the admin's route list, at a phone's
 * 390×844 and a tablet's 768×1024, never scrolls sideways (tables scroll inside their card),
 * keeps its controls inside the screen, shows its main heading, folds the menu behind the admin
 * bar's Menu toggle (WordPress folds it at 782 px and below) and has no serious accessibility
 * violations (checked at the phone's width, where touch targets are smallest). The screens come from the route registry itself, so a new screen is checked too;
 * those that show one record take one from the shared e2e store.
 */
import type { PageSettings } from "@paydesk/contract/page-settings";
import type { Page } from "@playwright/test";
import { enabledRoutes, type RouteEntry, routeHref, userCan } from "../apps/admin/src/app/routes.ts";
import { expect, test } from "./fixtures.ts";
import { api, seriousViolations } from "./support.ts";

const VIEWPORTS = [
	{ width: 390, height: 844 },
	{ width: 768, height: 1024 },
] as const;

const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";

interface Row {
	payment_intent_id: string | null;
	order: { url: string } | null;
}

/** The address of a record for the screens that show one, found as the lists link to them. */
const RECORD_URLS: Readonly<Record<string, (page: Page, settings: PageSettings) => Promise<string>>> = {
	"/payments/payouts/details": async (page) => {
		const [payout] = (await api<{ data: { id: string }[] }>(page, "/deposits?pagesize=1")).data;
		return `${routeHref("/payments/payouts/details")}&id=${payout?.id}`;
	},
	"/payments/transactions/details": async (page) => {
		const rows = (await api<{ data: Row[] }>(page, "/transactions?pagesize=10&type_is=charge")).data;
		const intent = rows.find((row) => row.payment_intent_id)?.payment_intent_id;
		return `${routeHref("/payments/transactions/details")}&id=${intent}`;
	},
	"/payments/disputes/details": async (page) => {
		const [dispute] = (await api<{ data: { dispute_id: string }[] }>(page, "/disputes?pagesize=1")).data;
		return `${routeHref("/payments/disputes/details")}&id=${dispute?.dispute_id}`;
	},
	"/payments/disputes/challenge": async (page) => {
		const [dispute] = (
			await api<{ data: { dispute_id: string }[] }>(page, "/disputes?pagesize=1&filter=awaiting_response")
		).data;
		return `${routeHref("/payments/disputes/challenge")}&id=${dispute?.dispute_id}`;
	},
	"order:edit": async (page) => {
		const rows = (await api<{ data: Row[] }>(page, "/transactions?pagesize=10&type_is=charge")).data;
		return rows.find((row) => row.order)?.order?.url ?? routeHref("order:edit");
	},
	"user:edit": async (_page, settings) => `${routeHref("user:edit")}?user_id=${settings.user.id}`,
};

interface Screen {
	route: RouteEntry;
	url: string;
}

/** Every screen the store's administrator may open, with a record where the screen shows one. */
async function screensOf(page: Page): Promise<Screen[]> {
	await page.goto(OVERVIEW);
	const settings = JSON.parse(
		(await page.locator("#paydesk-page-settings").textContent()) ?? "{}",
	) as PageSettings;
	const routes = enabledRoutes(settings).filter(
		(route) => userCan(settings, route.capability) && (!route.needsAccount || settings.isAccountConnected),
	);
	const screens: Screen[] = [];
	for (const route of routes) {
		const url = (await RECORD_URLS[route.path]?.(page, settings)) ?? routeHref(route.path);
		screens.push({ route, url });
	}
	return screens;
}

/** How far the page reaches past the screen's right edge, and the outermost elements that do. */
function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
	return page.evaluate(() => {
		const width = window.innerWidth;
		const culprits: string[] = [];
		for (const element of document.querySelectorAll("body *")) {
			const box = element.getBoundingClientRect();
			const parent = element.parentElement?.getBoundingClientRect();
			if (box.right > width + 0.5 && box.width > 0 && !(parent && parent.right > width + 0.5)) {
				culprits.push(
					`${element.tagName.toLowerCase()}.${[...element.classList].join(".")} (${box.right}px)`,
				);
			}
		}
		return { overflow: document.documentElement.scrollWidth - width, culprits: culprits.slice(0, 5) };
	});
}

/**
 * The page's controls that a thumb cannot reach without scrolling sideways: those outside the
 * screen's width, other than inside a region that scrolls on its own (a table's card).
 */
function controlsOffScreen(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const scrollsOnItsOwn = (element: Element) => {
			for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
				if (["auto", "scroll"].includes(getComputedStyle(node).overflowX)) return true;
			}
			return false;
		};
		const controls = document.querySelectorAll(
			"#wpbody-content :is(a[href], button, input, select, textarea)",
		);
		return [...controls]
			.filter((control) => {
				const box = control.getBoundingClientRect();
				const shown = box.width > 1 && box.height > 1 && getComputedStyle(control).visibility !== "hidden";
				return shown && (box.left < -0.5 || box.right > window.innerWidth + 0.5) && !scrollsOnItsOwn(control);
			})
			.map((control) => `${control.tagName.toLowerCase()} "${control.textContent?.trim().slice(0, 40)}"`);
	});
}

/** The screen has drawn its data: no spinner, no loading message left. */
async function settled(page: Page): Promise<void> {
	const content = page.locator("#wpbody-content");
	await expect(content).not.toBeEmpty();
	await expect(content.locator(".components-spinner, .paydesk-loading")).toHaveCount(0);
	await expect(content).not.toContainText("There was an error rendering this view");
}

/** Below 782 px the menu is folded; its toggle opens it, and Escape closes it onto the toggle. */
async function checkFoldedMenu(page: Page): Promise<void> {
	const toggle = page.getByRole("button", { name: "Menu", exact: true });
	const menu = page.locator("#adminmenuwrap");
	await expect(menu).toBeHidden();
	await expect(toggle).toHaveAttribute("aria-expanded", "false");
	await expect(toggle).toHaveAttribute("aria-controls", "adminmenuwrap");
	await toggle.click();
	await expect(toggle).toHaveAttribute("aria-expanded", "true");
	await expect(
		page.getByRole("navigation", { name: "Main menu" }).getByRole("link").first(),
	).toBeInViewport();
	await page.keyboard.press("Escape");
	await expect(menu).toBeHidden();
	await expect(toggle).toBeFocused();
}

/** The menu opens from its toggle by keyboard, Tab walks into it, and following a link closes it. */
async function checkMenuByKeyboard(page: Page): Promise<void> {
	await page.goto(OVERVIEW);
	const toggle = page.getByRole("button", { name: "Menu", exact: true });
	const menu = page.getByRole("navigation", { name: "Main menu" });
	await expect(menu).toBeHidden();
	await toggle.focus();
	await page.keyboard.press("Enter");
	await expect(toggle).toHaveAttribute("aria-expanded", "true");
	// Tab walks from the toggle past the admin bar's links into the open menu.
	const payouts = menu.getByRole("link", { name: "Payouts", exact: true });
	const reached = () => payouts.evaluate((link) => link === document.activeElement);
	for (let press = 0; press < 8 && !(await reached()); press++) await page.keyboard.press("Tab");
	await expect(payouts).toBeFocused();
	expect(await seriousViolations(page, { within: "body", alsoRules: ["target-size"] })).toEqual([]);
	await page.keyboard.press("Enter");
	await expect(page).toHaveURL(/path=\/payments\/payouts/);
	await expect(menu).toBeHidden();
	await expect(toggle).toHaveAttribute("aria-expanded", "false");
}

// One browser context per size, the screens one after the other.
for (const viewport of VIEWPORTS) {
	test.describe(`at ${viewport.width}×${viewport.height}`, () => {
		test.use({ viewport });

		test("every screen fits the width, shows its heading and folds the menu behind its toggle", async ({
			page,
		}) => {
			test.setTimeout(300_000);
			await test.step("the menu by keyboard", () => checkMenuByKeyboard(page));
			const screens = await screensOf(page);
			expect(screens.length).toBeGreaterThan(15);
			for (const { route, url } of screens) {
				await test.step(route.path, async () => {
					await page.goto(url);
					await settled(page);
					await expect.soft(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
					const { overflow, culprits } = await sidewaysOverflow(page);
					expect
						.soft(overflow, `${route.path} scrolls sideways: ${culprits.join(", ")}`)
						.toBeLessThanOrEqual(0);
					expect.soft(await controlsOffScreen(page), `${route.path}: controls out of reach`).toEqual([]);
					// axe at the phone's width, where touch targets are smallest: the tablet's page is the same
					// document, laid out wider.
					if (viewport === VIEWPORTS[0]) {
						expect
							.soft(await seriousViolations(page, { alsoRules: ["target-size"] }), `${route.path}: axe`)
							.toEqual([]);
					}
					if (!route.fullScreen) await checkFoldedMenu(page);
				});
			}
		});
	});
}
