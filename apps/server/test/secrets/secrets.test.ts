/**
 * Secrets at rest: AES-256-GCM under the application key, which comes from PAYDESK_SECRET_KEY
 * or, on SQLite, a key file made in the data folder with mode 0600 and read again on the next
 * start. On PostgreSQL without PAYDESK_SECRET_KEY storing a secret is a clear error.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { APP_KEY_FILE, AppKeyMissing, appKeyProvider, parseAppKey } from "../../src/secrets/app-key.ts";
import { openSecret, SecretUnreadable, sealSecret } from "../../src/secrets/cipher.ts";

const dirs: string[] = [];
function tempDir(): string {
	const dir = mkdtempSync(path.join(tmpdir(), "paydesk-secrets-"));
	dirs.push(dir);
	return dir;
}
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const KEY = randomBytes(32);
const SECRET = "sk_test_51Hsecretvalue";

describe("sealing", () => {
	it("opens what it sealed, and the sealed text does not hold the secret", () => {
		const sealed = sealSecret(KEY, SECRET, "acct_1:key");
		expect(sealed).not.toContain(SECRET);
		expect(sealed).toMatch(/^v1\./);
		expect(openSecret(KEY, sealed, "acct_1:key")).toBe(SECRET);
	});

	it("seals the same secret differently each time (a fresh IV)", () => {
		expect(sealSecret(KEY, SECRET, "c")).not.toBe(sealSecret(KEY, SECRET, "c"));
	});

	it("refuses a tampered ciphertext", () => {
		const sealed = sealSecret(KEY, SECRET, "acct_1:key");
		const [version, iv, tag, ciphertext] = sealed.split(".");
		const bytes = Buffer.from(ciphertext ?? "", "base64url");
		bytes[0] = (bytes[0] ?? 0) ^ 1;
		const tampered = [version, iv, tag, bytes.toString("base64url")].join(".");
		expect(() => openSecret(KEY, tampered, "acct_1:key")).toThrow(SecretUnreadable);
		expect(() => openSecret(KEY, "v1.garbage", "acct_1:key")).toThrow(SecretUnreadable);
	});

	it("refuses another key, and another context", () => {
		const sealed = sealSecret(KEY, SECRET, "acct_1:key");
		expect(() => openSecret(randomBytes(32), sealed, "acct_1:key")).toThrow(SecretUnreadable);
		expect(() => openSecret(KEY, sealed, "acct_2:key")).toThrow(SecretUnreadable);
	});
});

describe("the application key", () => {
	it("reads PAYDESK_SECRET_KEY as hex or base64, and refuses anything else", () => {
		const bytes = randomBytes(32);
		expect(parseAppKey(bytes.toString("hex"))?.equals(bytes)).toBe(true);
		expect(parseAppKey(bytes.toString("base64"))?.equals(bytes)).toBe(true);
		expect(parseAppKey("too short")).toBeNull();
		const dataDir = tempDir();
		const key = appKeyProvider({ envKey: bytes.toString("hex"), dataDir, dialect: "postgres" })();
		expect(key.equals(bytes)).toBe(true);
	});

	it("on SQLite without PAYDESK_SECRET_KEY, makes a key file of mode 0600 on first need only", () => {
		const dataDir = tempDir();
		const provider = appKeyProvider({ dataDir, dialect: "sqlite" });
		const file = path.join(dataDir, APP_KEY_FILE);
		expect(() => statSync(file)).toThrow();
		const key = provider();
		expect(key).toHaveLength(32);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(readFileSync(file, "utf8").trim()).toBe(key.toString("hex"));
	});

	it("reuses the key file on the next start: what was sealed before opens after", () => {
		const dataDir = tempDir();
		const sealed = sealSecret(appKeyProvider({ dataDir, dialect: "sqlite" })(), SECRET, "c");
		const restarted = appKeyProvider({ dataDir, dialect: "sqlite" })();
		expect(openSecret(restarted, sealed, "c")).toBe(SECRET);
	});

	it("on PostgreSQL without PAYDESK_SECRET_KEY, is a clear error and writes no file", () => {
		const dataDir = tempDir();
		const provider = appKeyProvider({ dataDir, dialect: "postgres" });
		expect(provider).toThrow(AppKeyMissing);
		expect(provider).toThrow(/PAYDESK_SECRET_KEY must be set/);
		expect(() => statSync(path.join(dataDir, APP_KEY_FILE))).toThrow();
	});
});
