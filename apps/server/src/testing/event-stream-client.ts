/**
 * A reader of the event stream for tests and the benchmark: connects over HTTP, parses the
 * messages (id, event, data) and comments as they arrive, and waits for what a test expects.
 */
export interface StreamMessage {
	id: string | null;
	event: string;
	data: string;
	/** When it arrived (performance.now()). */
	at: number;
}

export interface StreamReader {
	status: number;
	messages: StreamMessage[];
	/** Comment lines (heartbeats), without their colon. */
	comments: string[];
	/** Waits until `count` messages (not comments) arrived, or fails after `timeoutMs`. */
	waitFor(count: number, timeoutMs?: number): Promise<StreamMessage[]>;
	close(): void;
	/** Resolves when the server ends the stream. */
	ended: Promise<void>;
}

export async function readEventStream(
	url: string,
	headers: Record<string, string> = {},
): Promise<StreamReader> {
	const abort = new AbortController();
	const response = await fetch(url, {
		headers: { accept: "text/event-stream", ...headers },
		signal: abort.signal,
	});
	const messages: StreamMessage[] = [];
	const comments: string[] = [];
	const waiters = new Set<() => void>();
	const notify = () => {
		for (const waiter of waiters) waiter();
	};
	let buffer = "";
	const parse = (block: string) => {
		let id: string | null = null;
		let event = "message";
		const data: string[] = [];
		let hasField = false;
		for (const line of block.split("\n")) {
			if (line.startsWith(":")) {
				comments.push(line.slice(1).trim());
				continue;
			}
			const colon = line.indexOf(":");
			const field = colon === -1 ? line : line.slice(0, colon);
			const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
			if (field === "id") id = value;
			else if (field === "event") event = value;
			else if (field === "data") data.push(value);
			else continue;
			hasField = true;
		}
		if (hasField && (data.length > 0 || id !== null))
			messages.push({ id, event, data: data.join("\n"), at: performance.now() });
	};
	const ended = (async () => {
		if (!response.body) return;
		const decoder = new TextDecoder();
		try {
			for await (const chunk of response.body) {
				buffer += decoder.decode(chunk as Uint8Array, { stream: true });
				let end = buffer.indexOf("\n\n");
				while (end !== -1) {
					parse(buffer.slice(0, end));
					buffer = buffer.slice(end + 2);
					end = buffer.indexOf("\n\n");
				}
				notify();
			}
		} catch {
			// Aborted by close().
		}
		notify();
	})();
	return {
		status: response.status,
		messages,
		comments,
		ended,
		close: () => abort.abort(),
		waitFor(count, timeoutMs = 5000) {
			if (messages.length >= count) return Promise.resolve(messages);
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					waiters.delete(check);
					reject(new Error(`${messages.length} of ${count} messages after ${timeoutMs} ms`));
				}, timeoutMs);
				const check = () => {
					if (messages.length < count) return;
					clearTimeout(timer);
					waiters.delete(check);
					resolve(messages);
				};
				waiters.add(check);
			});
		},
	};
}
