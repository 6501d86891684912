/**
 * What the access log may know of a URL: secrets in its query string are replaced before it is
 * written. A 3-D Secure page's `client_secret`, the partner's KYC `session` (which opens its form
 * for 30 minutes), `_wpnonce`, keys, passwords and tokens by name, and any value that looks like
 * a secret whatever its name: a key with a secret prefix (sk_, rk_, whsec_ …), a client secret
 * (…_secret_…), or a long unbroken random string.
 */
import type { FastifyRequest, FastifyServerOptions } from "fastify";

export const REDACTED = "[redacted]";

const SECRET_NAME =
	/^(client_secret|session|_wpnonce|nonce|key|api_key|password|pwd|pass|token|access_token|secret|signature|authcode|code)$|secret|password|token|nonce/i;
const SECRET_VALUE = /^(sk|rk|pk|whsec|seti|pi)_\w*secret|^(sk|rk|whsec)_|_secret_|^[A-Za-z0-9_-]{32,}$/;

/** Whether a value looks like a secret whatever its name (a secret key, a client secret, a long random string). */
export function looksSecret(value: string): boolean {
	return SECRET_VALUE.test(value);
}

/** The URL with each secret query value replaced by [redacted]; the path and other values kept. */
export function redactUrl(url: string): string {
	const question = url.indexOf("?");
	if (question === -1) return url;
	const query = url.slice(question + 1);
	const pairs = query.split("&").map((pair) => {
		const equals = pair.indexOf("=");
		if (equals === -1) return pair;
		const name = pair.slice(0, equals);
		let value: string;
		let decodedName: string;
		try {
			value = decodeURIComponent(pair.slice(equals + 1).replace(/\+/g, " "));
			decodedName = decodeURIComponent(name);
		} catch {
			return `${name}=${REDACTED}`;
		}
		return SECRET_NAME.test(decodedName) || SECRET_VALUE.test(value) ? `${name}=${REDACTED}` : pair;
	});
	return `${url.slice(0, question)}?${pairs.join("&")}`;
}

type LoggerOptions = FastifyServerOptions["logger"];

/** Fastify's logger options with a request serializer that writes the URL redacted. */
export function redactingLogger(logger: LoggerOptions): LoggerOptions {
	if (!logger) return false;
	const base = typeof logger === "object" ? logger : {};
	return {
		...base,
		serializers: {
			...(typeof logger === "object" ? logger.serializers : {}),
			req: (request: FastifyRequest) => ({
				method: request.method,
				url: redactUrl(request.url),
				host: request.host,
				remoteAddress: request.ip,
				remotePort: request.socket?.remotePort,
			}),
		},
	};
}
