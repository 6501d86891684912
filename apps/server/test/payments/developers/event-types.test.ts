/**
 * The event types an endpoint may subscribe to, which the admin offers (packages/contract
 * webhook-event-types.ts), hold every type the account's log yields: a type sent but not offered
 * could never be chosen nor filtered on.
 */
import { WEBHOOK_EVENT_TYPES } from "@paydesk/contract/webhook-event-types";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../../src/stripe-api/webhooks/event-types.ts";

describe("the webhook event types the admin offers", () => {
	it("hold every type the account's log yields, so each event's type can be filtered on", () => {
		expect(EVENT_TYPES.filter((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))).toEqual(
			[],
		);
	});
});
