/** A logger stream that keeps every line, for tests that read what the server logs. */
import { Writable } from "node:stream";

export function capturedLog(): { stream: Writable; text(): string } {
	const lines: string[] = [];
	const stream = new Writable({
		write(chunk, _encoding, done) {
			lines.push(String(chunk));
			done();
		},
	});
	return { stream, text: () => lines.join("") };
}
