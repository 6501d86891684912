/**
 * What the benchmarks measure while the server is busy: an admin reading the transactions list
 * (page 1, 25 rows) and its summary, again and again every ~200 ms, and the credentials the
 * simulator and the reads use.
 */
import { performance } from "node:perf_hooks";
import { createApplicationPassword, findUserRow, toAuthUser } from "@paydesk/server/auth/users";
import type { Db } from "@paydesk/server/db/connection";
import type { ApiClient } from "@paydesk/server/simulator/client";

const BASE = "/wp-json/wc/v3/payments";
export const READ_EVERY_MS = 200;

export interface AdminReads {
	list: number[];
	summary: number[];
	errors: number;
}

/** The admin's two reads until told to stop, each timed. */
export async function adminReads(client: ApiClient, running: () => boolean): Promise<AdminReads> {
	const reads: AdminReads = { list: [], summary: [], errors: 0 };
	const timed = async (url: string, into: number[]) => {
		const started = performance.now();
		const answer = await client.get(url).catch(() => null);
		into.push(performance.now() - started);
		if (answer?.status !== 200) reads.errors++;
	};
	while (running()) {
		const started = performance.now();
		await timed(`${BASE}/transactions?page=1&pagesize=25`, reads.list);
		await timed(`${BASE}/transactions/summary`, reads.summary);
		const wait = READ_EVERY_MS - (performance.now() - started);
		if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
	}
	return reads;
}

/** A fresh application password of the store's administrator (the server creates it at first start). */
export async function adminCredentials(db: Db, url: string, label: string) {
	const admin = await findUserRow(db.kysely, "admin");
	if (!admin) throw new Error("no administrator");
	const { password } = await createApplicationPassword(
		db.kysely,
		toAuthUser(admin),
		label,
		Math.floor(Date.now() / 1000),
	);
	return {
		url,
		user: "admin",
		password,
		authorization: `Basic ${Buffer.from(`admin:${password}`).toString("base64")}`,
	};
}
