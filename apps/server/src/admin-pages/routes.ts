/**
 * The admin pages: /wp-admin/admin.php?page=… serves the admin app with its page settings
 * inlined (a JSON data island, so no inline script runs), for users who may read the payments
 * (view_woocommerce_reports: administrators, shop managers and payments viewers; the app itself
 * checks each screen's own capability); WordPress's General Settings page
 * (/wp-admin/options-general.php) for administrators only (manage_options), as WordPress does.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PAGE_SETTINGS_ELEMENT_ID } from "@paydesk/contract/page-settings";
import type { Capability } from "@paydesk/contract/route";
import { languageTag } from "@paydesk/domain/dates";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { can } from "../auth/context.ts";
import { DEFAULT_REDIRECT } from "../auth/login-page.ts";
import { escapeHtml, wpDiePage } from "../http/html.ts";
import { buildPageSettings } from "./page-settings.ts";

export const ADMIN_ASSETS_PREFIX = "/wp-content/plugins/paydesk/dist/";

function loadTemplate(adminDist: string): string | null {
	const file = path.join(adminDist, "index.html");
	return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/** JSON safe to place inside a <script> element. */
function jsonForHtml(value: unknown): string {
	return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export function registerAdminPages(app: FastifyInstance, deps: AppDeps): void {
	let template: string | null = null;

	/** The admin app, for users who may read the payments and hold the page's own capability. */
	const serveAdmin = async (request: FastifyRequest, reply: FastifyReply, capability: Capability) => {
		const { user, nonceSecret } = request.auth;
		if (!user || !nonceSecret) {
			return reply.redirect(`/wp-login.php?redirect_to=${encodeURIComponent(request.url)}&reauth=1`);
		}
		if (!can(user, "view_woocommerce_reports") || !can(user, capability)) {
			return reply
				.code(403)
				.type("text/html; charset=utf-8")
				.send(wpDiePage("Sorry, you are not allowed to access this page."));
		}
		template ??= loadTemplate(deps.config.adminDist);
		if (!template) {
			return reply
				.code(503)
				.type("text/html; charset=utf-8")
				.send(wpDiePage("The admin app is not built yet. Run `npm run build` (npm start does it for you)."));
		}
		const settings = await buildPageSettings(deps.db.kysely, deps.config, user, {
			nonceSecret,
			now: deps.clock.seconds(),
		});
		const island = `<script type="application/json" id="${PAGE_SETTINGS_ELEMENT_ID}">${jsonForHtml(settings)}</script>`;
		// Each part is put in by a function: a replacement string would read `$&`, `$'` or `` $` `` in
		// a store's title as patterns and paste pieces of the page into it.
		const html = template
			// The page's language, as WordPress's language_attributes() writes it: the user's.
			.replace(
				/<html(?: lang="[^"]*")?>/,
				() => `<html lang="${escapeHtml(languageTag(settings.locale.code))}">`,
			)
			.replace(
				"<title>Paydesk</title>",
				() => `<title>Payments ‹ ${escapeHtml(settings.siteTitle)} — Paydesk</title>`,
			)
			.replace("</head>", () => `${island}\n</head>`);
		return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(html);
	};

	const adminPage = (capability: Capability) => (request: FastifyRequest, reply: FastifyReply) =>
		serveAdmin(request, reply, capability);

	app.get("/", async (_request, reply) => reply.redirect(DEFAULT_REDIRECT));
	app.get("/wp-admin", async (_request, reply) => reply.redirect(DEFAULT_REDIRECT));
	app.get("/wp-admin/index.php", async (_request, reply) => reply.redirect(DEFAULT_REDIRECT));
	app.get("/wp-admin/admin.php", adminPage("view_woocommerce_reports"));
	// The store's order screen, which Paydesk stands in for (order and subscription links).
	app.get("/wp-admin/post.php", adminPage("view_woocommerce_reports"));
	// A user's page, which the payment timeline links to for a manual fraud decision.
	app.get("/wp-admin/user-edit.php", adminPage("view_woocommerce_reports"));
	// The signed-in user's own profile: their language.
	app.get("/wp-admin/profile.php", adminPage("view_woocommerce_reports"));
	// The store's general settings: name, tagline, language, time zone, date and time formats.
	app.get("/wp-admin/options-general.php", adminPage("manage_options"));
}
