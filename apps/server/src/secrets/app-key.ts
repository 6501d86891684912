/**
 * The application key that seals secrets at rest (cipher.ts): PAYDESK_SECRET_KEY when set
 * (32 bytes as 64 hex digits or base64). Otherwise, on SQLite, a key file in the data folder,
 * made with mode 0600 the first time a secret is stored and read back on every start after. On
 * PostgreSQL several server processes share one database, and a file on one machine is not the
 * others': the key must come from PAYDESK_SECRET_KEY, and storing a secret without it fails with
 * a message that says so.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { APP_KEY_BYTES } from "./cipher.ts";

export const APP_KEY_FILE = "paydesk-secret.key";

/** No application key can be had (PostgreSQL without PAYDESK_SECRET_KEY). */
export class AppKeyMissing extends Error {
	constructor() {
		super(
			"PAYDESK_SECRET_KEY must be set (32 bytes as 64 hex digits or base64, e.g. `openssl rand -hex 32`) to store secrets on PostgreSQL, so that every server process shares it.",
		);
		this.name = "AppKeyMissing";
	}
}

/** 32 bytes from 64 hex digits or base64 (standard or url-safe); null for anything else. */
export function parseAppKey(text: string): Buffer | null {
	const value = text.trim();
	if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
	if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
		const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
		if (bytes.length === APP_KEY_BYTES) return bytes;
	}
	return null;
}

export interface AppKeySource {
	/** PAYDESK_SECRET_KEY as given; unset leaves the choice to the engine. */
	envKey?: string | undefined;
	dataDir: string;
	dialect: "sqlite" | "postgres";
}

/** Reads the key file, or makes it when there is none: exclusively, so two starts agree on one key. */
function keyFromFile(dataDir: string): Buffer {
	const file = path.join(dataDir, APP_KEY_FILE);
	mkdirSync(dataDir, { recursive: true });
	let fd: number | undefined;
	try {
		fd = openSync(file, "wx", 0o600);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
	}
	if (fd !== undefined) {
		try {
			writeSync(fd, `${randomBytes(APP_KEY_BYTES).toString("hex")}\n`);
		} finally {
			closeSync(fd);
		}
		// The umask may have taken bits from the mode given to open; 0600 is what is wanted.
		chmodSync(file, 0o600);
	}
	const key = parseAppKey(readFileSync(file, "utf8"));
	if (!key) throw new Error(`${file} does not hold an application key (64 hex digits).`);
	return key;
}

/**
 * The application key, found (or made) the first time it is asked for and kept after: a server
 * that never stores a secret never makes a key file.
 */
export function appKeyProvider(source: AppKeySource): () => Buffer {
	let key: Buffer | undefined;
	return () => {
		if (key) return key;
		if (source.envKey !== undefined && source.envKey !== "") {
			const parsed = parseAppKey(source.envKey);
			if (!parsed) throw new Error("PAYDESK_SECRET_KEY must be 32 bytes as 64 hex digits or base64.");
			key = parsed;
		} else if (source.dialect === "postgres") {
			throw new AppKeyMissing();
		} else {
			key = keyFromFile(source.dataDir);
		}
		return key;
	};
}
