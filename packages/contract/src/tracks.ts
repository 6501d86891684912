/**
 * Usage tracking (spec 2 §2, §7; spec 1 §7): the admin's events — the feedback prompt, page
 * views, CSV exports and fraud protection — kept in the store's usage log.
 *
 * - POST {base}/tracks takes 1 to 50 events, each a name of TRACK_EVENT_NAMES with its own flat
 *   properties (strings, numbers and booleans, each bounded), and answers how many it recorded.
 * - Nothing is recorded unless the store allows usage tracking (WooCommerce's option
 *   woocommerce_allow_tracking is "yes"): the page settings say so (tracksEnabled), so the admin
 *   sends nothing, and the server answers `{ recorded: 0 }` to anyone who sends anyway.
 * - Choices where the spec is silent: an event carries no amounts, countries, ids of payments or
 *   customers' data; the only free text is the feedback the merchant chose to send.
 */
import { FEEDBACK_ANSWERS, FEEDBACK_TEXT_MAX } from "@paydesk/domain/feedback-prompt";
import { PROTECTION_LEVELS, RULE_KEYS, RULE_STATES, type RuleKey } from "@paydesk/domain/fraud-rules";
import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

/** Most events one request records. */
export const TRACK_EVENTS_MAX = 50;
/** The longest text of a property other than the feedback itself. */
export const TRACK_TEXT_MAX = 100;
/** How long the usage log keeps an event: 90 days. */
export const USAGE_RETENTION_SECONDS = 90 * 86_400;

const text = z.string().max(TRACK_TEXT_MAX, { error: `must be at most ${TRACK_TEXT_MAX} characters` });

/** The lists a CSV export comes from. */
export const CSV_EXPORT_LISTS = [
	"deposits",
	"transactions",
	"disputes",
	"blocked",
	"card_reader_fees",
] as const;
export type CsvExportList = (typeof CSV_EXPORT_LISTS)[number];

/** The cards of the fraud protection page: a card per rule, then CVC verification. */
export const FRAUD_PROTECTION_CARDS = [...RULE_KEYS, "cvc_verification"] as const;
export type FraudProtectionCard = (typeof FRAUD_PROTECTION_CARDS)[number];

const ruleState = z.enum(RULE_STATES);
const ruleStates = Object.fromEntries(RULE_KEYS.map((key) => [key, ruleState])) as Record<
	RuleKey,
	typeof ruleState
>;

/** One event: its name and exactly its properties. */
function event<Name extends string, Shape extends z.ZodRawShape>(name: Name, properties: Shape) {
	return z.strictObject({ name: z.literal(name), properties: z.strictObject(properties) });
}

export const trackEvent = z.discriminatedUnion(
	"name",
	[
		/** A payments page shown: its route (the registry's path, never its ids). */
		event("wcpay_page_view", { path: text }),
		/** A CSV export: of which list, narrowed by filters or not, downloaded or sent by e-mail. */
		event("wcpay_csv_export", {
			list: z.enum(CSV_EXPORT_LISTS),
			filtered: z.boolean(),
			delivery: z.enum(["direct", "email"]),
		}),
		event("wcpay_feedback_prompt_shown", {}),
		event("wcpay_feedback_prompt_answered", { answer: z.enum(FEEDBACK_ANSWERS) }),
		/** What the merchant wrote in the No modal and sent. */
		event("wcpay_feedback_sent", {
			text: z.string().max(FEEDBACK_TEXT_MAX, { error: `must be at most ${FEEDBACK_TEXT_MAX} characters` }),
		}),
		/** Payment details opened from the fraud-protection link: its status_is and type_is. */
		event("wcpay_fraud_protection_link_click", { status: text, type: text }),
		/** A card of the fraud protection page scrolled into view, once per card and visit. */
		event("wcpay_fraud_protection_card_viewed", { card: z.enum(FRAUD_PROTECTION_CARDS) }),
		/** Fraud rules saved: the protection level and each filter off, blocking or holding for review. */
		event("wcpay_fraud_protection_rules_saved", {
			protection_level: z.enum(PROTECTION_LEVELS),
			...ruleStates,
		}),
	],
	{ error: "must be the name of an event Paydesk records" },
);
export type TrackEvent = z.infer<typeof trackEvent>;
export type TrackEventName = TrackEvent["name"];
/** The properties of the event called `Name`. */
export type TrackPropertiesOf<Name extends TrackEventName> = Extract<
	TrackEvent,
	{ name: Name }
>["properties"];

/** Every event name the route records: the allow-list, declared once by the union above. */
export const TRACK_EVENT_NAMES: readonly TrackEventName[] = trackEvent.options.map(
	(option) => option.shape.name.value,
);

export const recordTracks = defineRoute({
	method: "POST",
	path: `${REST_BASE}/tracks`,
	summary: "Record usage events (only when the store allows usage tracking)",
	tag: "tracks",
	// Records how the user used the admin, which reading is too; the store's data is untouched.
	capability: "view_woocommerce_reports",
	body: z.strictObject({
		events: z
			.array(trackEvent)
			.min(1, { error: "must hold at least one event" })
			.max(TRACK_EVENTS_MAX, { error: `must hold at most ${TRACK_EVENTS_MAX} events` }),
	}),
	response: z.object({ recorded: z.number().int().min(0) }),
});
