/**
 * A requested payment method with requirements waits as pending until the merchant gives the
 * sandbox partner what it asks for on the method's own page; then it is active.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";

const SETTINGS = "/wp-json/wc/v3/payments/settings";
const PAGE = "/sandbox-partner/payment-methods/giropay";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) =>
			void (await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				settings: JSON.stringify({
					enabled_payment_method_ids: ["card"],
					payment_method_statuses: {
						card_payments: { status: "active", requirements: [] },
						giropay_payments: { status: "unrequested", requirements: ["company.tax_id"] },
					},
				}),
			})),
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const statusOf = async () =>
	json<{ payment_method_statuses: Record<string, { status: string }> }>(
		await t.app.inject({ method: "GET", url: SETTINGS, headers: admin.headers }),
	).payment_method_statuses.giropay_payments?.status;

describe("requested payment methods", () => {
	it("pending until the partner's page has the requirements, then active", async () => {
		const enabled = await t.app.inject({
			method: "POST",
			url: SETTINGS,
			headers: admin.headers,
			payload: { enabled_payment_method_ids: ["card", "giropay"] },
		});
		expect(enabled.statusCode).toBe(200);
		expect(await statusOf()).toBe("pending");

		const page = await t.app.inject({
			method: "GET",
			url: PAGE,
			headers: { cookie: admin.headers.cookie ?? "" },
		});
		expect(page.statusCode).toBe(200);
		expect(page.body).toContain("Activate giropay");
		const nonce = /name="_wpnonce" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
		const field = /name="(requirement_[^"]+)"/.exec(page.body)?.[1] ?? "";
		expect(field).toBe("requirement_company_tax_id");

		const post = (payload: Record<string, string>) =>
			t.app.inject({ method: "POST", url: PAGE, headers: { cookie: admin.headers.cookie ?? "" }, payload });
		const empty = await post({ _wpnonce: nonce, [field]: " " });
		expect(empty.statusCode).toBe(422);
		expect(empty.body).toContain("is required.");
		expect(await statusOf()).toBe("pending");
		expect((await post({ _wpnonce: "forged", [field]: "DE123456789" })).statusCode).toBe(403);

		const given = await post({ _wpnonce: nonce, [field]: "DE123456789" });
		expect(given.statusCode).toBe(200);
		expect(given.body).toContain("is now active");
		expect(await statusOf()).toBe("active");
	});

	it("a method that was not requested has no page; a logged-out visitor is sent to log in", async () => {
		const other = await t.app.inject({
			method: "GET",
			url: "/sandbox-partner/payment-methods/multibanco",
			headers: { cookie: admin.headers.cookie ?? "" },
		});
		expect(other.statusCode).toBe(404);
		const anonymous = await t.app.inject({ method: "GET", url: PAGE });
		expect(anonymous.statusCode).toBe(302);
		expect(anonymous.headers.location).toContain("/wp-login.php");
	});
});

describe("a method waiting without requirements", () => {
	it("is approved on its page with a confirmation", async () => {
		await t.db.kysely
			.updateTable("accounts")
			.set({
				settings: JSON.stringify({
					enabled_payment_method_ids: ["card", "sofort"],
					payment_method_statuses: {
						card_payments: { status: "active", requirements: [] },
						sofort_payments: { status: "pending", requirements: [] },
					},
				}),
			})
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const cookie = { cookie: admin.headers.cookie ?? "" };
		const page = await t.app.inject({
			method: "GET",
			url: "/sandbox-partner/payment-methods/sofort",
			headers: cookie,
		});
		expect(page.statusCode).toBe(200);
		expect(page.body).toContain("Approve");
		const nonce = /name="_wpnonce" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
		const approved = await t.app.inject({
			method: "POST",
			url: "/sandbox-partner/payment-methods/sofort",
			headers: cookie,
			payload: { _wpnonce: nonce },
		});
		expect(approved.body).toContain("is now active");
		const settings = json<{ payment_method_statuses: Record<string, { status: string }> }>(
			await t.app.inject({ method: "GET", url: SETTINGS, headers: admin.headers }),
		);
		expect(settings.payment_method_statuses.sofort_payments?.status).toBe("active");
	});
});
