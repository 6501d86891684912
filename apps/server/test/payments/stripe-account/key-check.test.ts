/**
 * The key check against answers Stripe gives that a Paydesk sandbox does not: a restricted key
 * missing a permission (Stripe's 403 names it), and Stripe failing. Every permission of
 * STRIPE_KEY_PERMISSIONS is read once, with limit=1 on its list.
 */
import { STRIPE_KEY_PERMISSIONS } from "@paydesk/contract/stripe-account";
import { describe, expect, it } from "vitest";
import { RestError } from "../../../src/http/rest-error.ts";
import { checkKey } from "../../../src/payments/stripe-account/connection.ts";
import { StripeClients } from "../../../src/processors/stripe/client.ts";

const ACCOUNT = { id: "acct_1", object: "account", type: "standard" };

/** A Stripe that answers the account, refuses the paths in `refused`, and lists nothing elsewhere. */
function stripeRefusing(refused: Record<string, { status: number; body: unknown }>) {
	const asked: string[] = [];
	const clients = new StripeClients({
		apiBase: "https://stripe.test",
		maxRetries: 0,
		time: { now: () => 0, sleep: async () => undefined },
		fetch: async (input) => {
			const url = new URL(String(input));
			asked.push(`${url.pathname}${url.search}`);
			const answer = refused[url.pathname];
			if (answer) return Response.json(answer.body, { status: answer.status });
			if (url.pathname === "/v1/account") return Response.json(ACCOUNT);
			return Response.json({ object: "list", data: [], has_more: false });
		},
	});
	return { client: clients.client("rk_test_abcdefgh1234"), asked };
}

async function refusal(promise: Promise<unknown>): Promise<RestError> {
	const caught = await promise.then(
		() => null,
		(error: unknown) => error,
	);
	expect(caught).toBeInstanceOf(RestError);
	return caught as RestError;
}

describe("checking a key", () => {
	it("reads the account, then every permission's list with limit=1 (the balance as it is)", async () => {
		const { client, asked } = stripeRefusing({});
		const account = await checkKey(client);
		expect(account.id).toBe("acct_1");
		expect(asked[0]).toBe("/v1/account");
		expect(asked.slice(1).sort()).toEqual(
			STRIPE_KEY_PERMISSIONS.map((permission) =>
				permission.resource === "balance" ? "/v1/balance" : `/v1/${permission.resource}?limit=1`,
			).sort(),
		);
	});

	it("refuses a key missing a permission, naming it and quoting Stripe", async () => {
		const message = "Key rk_test_***1234 is not allowed here on account acct_1: it needs rak_dispute_read.";
		const { client } = stripeRefusing({
			"/v1/disputes": { status: 403, body: { error: { type: "invalid_request_error", message } } },
		});
		const error = await refusal(checkKey(client));
		expect(error.status).toBe(400);
		expect(error.code).toBe("wcpay_stripe_key_invalid");
		expect(error.message).toContain("Paydesk needs: rak_dispute_write.");
		expect(error.message).toContain(`Stripe said: ${message}`);
		expect(error.data).toMatchObject({
			permission: { name: "rak_dispute_write", resource: "disputes", access: "write" },
		});
	});

	it("names the first missing permission in the declared order", async () => {
		const forbidden = { status: 403, body: { error: { type: "invalid_request_error", message: "No." } } };
		const { client } = stripeRefusing({ "/v1/events": forbidden, "/v1/charges": forbidden });
		const error = await refusal(checkKey(client));
		expect(error.message).toContain("rak_charge_write");
	});

	it("answers Stripe's refusal of the account read as the key's fault, with Stripe's reason", async () => {
		const { client } = stripeRefusing({
			"/v1/account": {
				status: 401,
				body: {
					error: { type: "invalid_request_error", message: "Expired API Key provided: rk_test_***1234" },
				},
			},
		});
		const error = await refusal(checkKey(client));
		expect(error).toMatchObject({ status: 400, code: "wcpay_stripe_key_invalid" });
		expect(error.message).toBe("Stripe refused the key: Expired API Key provided: rk_test_***1234");
	});

	it("answers Stripe failing as Stripe's fault (502), not the key's", async () => {
		const { client } = stripeRefusing({
			"/v1/account": {
				status: 500,
				body: { error: { type: "api_error", message: "Something went wrong." } },
			},
		});
		const error = await refusal(checkKey(client));
		expect(error).toMatchObject({ status: 502, code: "wcpay_stripe_unreachable" });
	});
});
