/**
 * The event streams of one server process. Every process keeps its own streams and reads the
 * account's event log (processor/account-events.ts) from the database, so any number of
 * processes on one PostgreSQL, or on one SQLite file, deliver every event once per stream:
 * - one poll per account with open streams every `pollMs`, from the stream furthest behind,
 *   each stream taking the events after the last one it sent (so a resume and the live tail are
 *   the same read);
 * - a heartbeat comment on every stream every 15 s, so proxies keep it open; before it, the
 *   credentials of the streams are checked again, and a stream whose session ended (logout,
 *   expiry), whose application password was revoked, or whose user may no longer manage the
 *   store is closed;
 * - at most `streamsPerUser` open streams per user on this process;
 * - a stream whose reader does not keep up (more than 1 MB waiting) is closed, and its reader
 *   resumes from its Last-Event-ID.
 */
import type { ServerResponse } from "node:http";
import { type AccountEvent, EVENT_HEARTBEAT_SECONDS, RESET_EVENT } from "@paydesk/contract/events";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { type Credential, credentialKey, liveCredentials } from "../../auth/credentials.ts";
import type { Database } from "../../db/schema.ts";
import { accountEventOf, lastEventNumber } from "../../ledger/events.ts";

export interface HubOptions {
	pollMs: number;
	heartbeatMs: number;
	streamsPerUser: number;
	/** The capability a stream's user must keep, and the time its session is checked at. */
	capability: string;
	now: () => number;
	log?: FastifyBaseLogger | undefined;
}

export const HUB_DEFAULTS = {
	pollMs: 500,
	heartbeatMs: EVENT_HEARTBEAT_SECONDS * 1000,
	streamsPerUser: 10,
} satisfies Partial<HubOptions>;

/** Events read per poll and account; a full read polls again at once. */
const POLL_BATCH = 500;
/** Bytes a stream may have waiting for its reader before it is closed. */
const MAX_BUFFERED = 1024 * 1024;

interface Stream {
	accountId: string;
	userId: number;
	/** What the stream was opened with, checked again at every heartbeat. */
	credential: Credential;
	/** The number of the last event this stream sent (or skipped as not its reader's). */
	lastSent: number;
	raw: ServerResponse;
}

function message(event: AccountEvent): string {
	return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** An export's event is only for the user who asked for the export. */
function isFor(stream: Stream, event: AccountEvent): boolean {
	return event.type !== "export.ready" || event.data.user_id === stream.userId;
}

export class EventHub {
	private readonly streams = new Set<Stream>();
	private pollTimer: NodeJS.Timeout | null = null;
	private heartbeatTimer: NodeJS.Timeout | null = null;
	private polling: Promise<void> | null = null;
	/** A poll was asked for while one ran (a stream opened): run another after it. */
	private again = false;
	private closed = false;

	constructor(
		private readonly db: Kysely<Database>,
		private readonly options: HubOptions,
	) {}

	/** How many streams are open on this process (for the benchmark and tests). */
	get size(): number {
		return this.streams.size;
	}

	openStreamsOf(userId: number): number {
		let count = 0;
		for (const stream of this.streams) if (stream.userId === userId) count++;
		return count;
	}

	canOpen(userId: number): boolean {
		return !this.closed && this.openStreamsOf(userId) < this.options.streamsPerUser;
	}

	/**
	 * Starts a stream on `raw` (headers already written) after `lastEventId`, or at the log's
	 * end without one. A resume the log cannot serve starts with a reset event.
	 */
	async open(
		accountId: string,
		userId: number,
		credential: Credential,
		lastEventId: number | null,
		raw: ServerResponse,
	) {
		const head = await lastEventNumber(this.db, accountId);
		let lastSent = head;
		if (lastEventId !== null && lastEventId <= head) {
			const oldest = await this.db
				.selectFrom("account_events")
				.select((eb) => eb.fn.min("seq").as("seq"))
				.where("account_id", "=", accountId)
				.executeTakeFirst();
			const kept = oldest?.seq == null ? head + 1 : Number(oldest.seq);
			// Every event after lastEventId is still in the log: resume there.
			if (lastEventId === head || kept <= lastEventId + 1) lastSent = lastEventId;
		}
		const stream: Stream = { accountId, userId, credential, lastSent, raw };
		raw.write(`retry: 3000\n\n`);
		if (lastEventId !== null && lastSent !== lastEventId) {
			raw.write(`id: ${head}\nevent: ${RESET_EVENT}\ndata: {}\n\n`);
		}
		this.streams.add(stream);
		raw.on("close", () => this.streams.delete(stream));
		this.start();
		this.poll();
	}

	private start() {
		if (this.heartbeatTimer || this.closed) return;
		this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.options.heartbeatMs);
		this.heartbeatTimer.unref();
		this.schedule();
	}

	/** Closes the streams whose credentials ended, then tells the others the stream is alive. */
	private async heartbeat() {
		try {
			await this.closeRevoked();
		} catch (error) {
			this.options.log?.warn({ err: error }, "event stream credential check failed");
		}
		for (const stream of this.streams) this.write(stream, ": heartbeat\n\n");
	}

	/** Ends every stream whose session or application password no longer signs its user in. */
	async closeRevoked(): Promise<void> {
		const streams = [...this.streams];
		if (streams.length === 0) return;
		const live = await liveCredentials(
			this.db,
			streams.map((stream) => stream.credential),
			this.options.capability,
			this.options.now(),
		);
		for (const stream of streams) {
			if (live.has(credentialKey(stream.credential))) continue;
			this.streams.delete(stream);
			stream.raw.end();
		}
	}

	private schedule() {
		if (this.closed || this.pollTimer) return;
		this.pollTimer = setTimeout(() => {
			this.pollTimer = null;
			if (this.streams.size === 0) {
				this.stop();
				return;
			}
			this.poll();
			this.schedule();
		}, this.options.pollMs);
		this.pollTimer.unref();
	}

	private stop() {
		if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
		if (this.pollTimer) clearTimeout(this.pollTimer);
		this.heartbeatTimer = null;
		this.pollTimer = null;
	}

	/** Reads and sends what is new; one read at a time, another after it when asked meanwhile. */
	poll(): Promise<void> {
		if (this.polling) {
			this.again = true;
			return this.polling;
		}
		this.polling = this.readAll([...this.streams])
			.catch((error) => this.options.log?.warn({ err: error }, "event stream poll failed"))
			.finally(() => {
				this.polling = null;
				if (this.again && !this.closed) {
					this.again = false;
					void this.poll();
				}
			});
		return this.polling;
	}

	/**
	 * Sends each of `streams` the events after its last one. Only these: a stream opened during
	 * the read may be behind the read's start, and is served by the next poll.
	 */
	private async readAll(streams: readonly Stream[]): Promise<void> {
		const behind = new Map<string, number>();
		for (const stream of streams) {
			const from = behind.get(stream.accountId);
			behind.set(stream.accountId, from === undefined ? stream.lastSent : Math.min(from, stream.lastSent));
		}
		for (const [accountId, from] of behind) {
			let after = from;
			for (;;) {
				const rows = await this.db
					.selectFrom("account_events")
					.selectAll()
					.where("account_id", "=", accountId)
					.where("seq", ">", after)
					.orderBy("seq")
					.limit(POLL_BATCH)
					.execute();
				if (rows.length === 0) break;
				const events = rows.map(accountEventOf);
				for (const stream of streams) {
					if (stream.accountId !== accountId || !this.streams.has(stream)) continue;
					let out = "";
					for (const event of events) {
						const seq = Number(event.id);
						if (seq <= stream.lastSent) continue;
						if (isFor(stream, event)) out += message(event);
						stream.lastSent = seq;
					}
					if (out) this.write(stream, out);
				}
				after = Number(rows[rows.length - 1]?.seq);
				if (rows.length < POLL_BATCH) break;
			}
		}
	}

	private write(stream: Stream, text: string) {
		if (stream.raw.writableEnded || stream.raw.destroyed) {
			this.streams.delete(stream);
			return;
		}
		if (stream.raw.writableLength > MAX_BUFFERED) {
			this.streams.delete(stream);
			stream.raw.end();
			return;
		}
		stream.raw.write(text);
	}

	/** Ends every stream (the server is closing); their readers reconnect elsewhere or later. */
	close() {
		this.closed = true;
		this.stop();
		for (const stream of this.streams) stream.raw.end();
		this.streams.clear();
	}
}
