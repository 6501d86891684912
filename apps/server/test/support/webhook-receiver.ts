/**
 * A store's webhook handler for tests: a node:http server on 127.0.0.1 that records every
 * request (path, headers, raw body) and answers as its mode says: 200, 500, a redirect, or
 * never (a hanging endpoint, until closed).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
	path: string;
	headers: IncomingHttpHeaders;
	body: string;
}

export type ReceiverMode = "ok" | "fail" | "hang" | { redirectTo: string };

export interface WebhookReceiver {
	url(path?: string): string;
	received: ReceivedWebhook[];
	/** What the receiver answers from now on. */
	mode: ReceiverMode;
	/** The requests of one path. */
	at(path: string): ReceivedWebhook[];
	close(): Promise<void>;
}

export async function startWebhookReceiver(mode: ReceiverMode = "ok"): Promise<WebhookReceiver> {
	const received: ReceivedWebhook[] = [];
	const hanging: ServerResponse[] = [];
	const receiver: WebhookReceiver = {
		url: (path = "/") => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
		received,
		mode,
		at: (path) => received.filter((request) => request.path === path),
		async close() {
			for (const response of hanging) response.destroy();
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
	const server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => {
			received.push({
				path: request.url ?? "/",
				headers: request.headers,
				body: Buffer.concat(chunks).toString("utf8"),
			});
			const current = receiver.mode;
			if (current === "hang") {
				hanging.push(response);
				return;
			}
			if (current === "ok") {
				response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
			} else if (current === "fail") {
				response.writeHead(500, { "content-type": "text/plain" }).end("handler crashed");
			} else {
				response.writeHead(302, { location: current.redirectTo }).end();
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return receiver;
}
