/**
 * Usage tracking (spec 2 §2, §7; contract/tracks): the admin's events go to the store's usage
 * log, and only when the store allows usage tracking (page settings tracksEnabled); otherwise
 * nothing is gathered or sent at all. Events gather for a few seconds and go in one request, and
 * whatever is still waiting goes as the page is left. Usage tracking never troubles the merchant:
 * an event that does not fit the contract is dropped, and a failed request is forgotten.
 */
import {
	recordTracks,
	TRACK_EVENTS_MAX,
	type TrackEvent,
	type TrackEventName,
	type TrackPropertiesOf,
	trackEvent,
} from "@paydesk/contract/tracks";
import { callRoute } from "./api.ts";
import { getSettings } from "./settings.ts";

/** How long events gather before they are sent together. */
export const TRACKS_GATHER_MS = 5000;

let waiting: TrackEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function eventOf<Name extends TrackEventName>(
	name: Name,
	properties: TrackPropertiesOf<Name>,
): TrackEvent | null {
	const checked = trackEvent.safeParse({ name, properties });
	return checked.success ? checked.data : null;
}

function send(events: TrackEvent[], keepalive = false): void {
	for (let start = 0; start < events.length; start += TRACK_EVENTS_MAX) {
		callRoute(recordTracks, {
			body: { events: events.slice(start, start + TRACK_EVENTS_MAX) },
			keepalive,
		}).catch(() => undefined);
	}
}

/** Sends what has gathered, now. */
function flush(keepalive = false): void {
	if (timer) clearTimeout(timer);
	timer = null;
	const events = waiting;
	waiting = [];
	if (events.length > 0) send(events, keepalive);
}

/** The page is being left (or hidden, which may be the last chance): what waits goes now. */
function onLeave(): void {
	if (document.visibilityState === "hidden") flush(true);
}

/** Records a usage event: sent with the others gathered in the next few seconds. */
export function recordEvent<Name extends TrackEventName>(
	name: Name,
	properties: TrackPropertiesOf<Name>,
): void {
	if (!getSettings().tracksEnabled) return;
	const event = eventOf(name, properties);
	if (!event) return;
	waiting.push(event);
	if (!listening) {
		listening = true;
		document.addEventListener("visibilitychange", onLeave);
		window.addEventListener("pagehide", () => flush(true));
	}
	if (waiting.length >= TRACK_EVENTS_MAX) flush();
	else timer ??= setTimeout(() => flush(), TRACKS_GATHER_MS);
}

/**
 * Records one event at once and settles when the usage log has it (the feedback's Send waits
 * for it), rejecting when the request fails; answers how many the server recorded (0 when
 * tracking is off).
 */
export async function recordEventNow<Name extends TrackEventName>(
	name: Name,
	properties: TrackPropertiesOf<Name>,
): Promise<number> {
	if (!getSettings().tracksEnabled) return 0;
	const event = eventOf(name, properties);
	if (!event) return 0;
	const { recorded } = await callRoute(recordTracks, { body: { events: [event] } });
	return recorded;
}
