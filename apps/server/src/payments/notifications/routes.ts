/** The notification centre's routes (contract/events.ts): the bell's list, and marking read. */
import {
	listNotifications,
	NOTIFICATION_ERRORS,
	NOTIFICATIONS_PAGE_SIZE,
	readAllNotifications,
	readNotification,
} from "@paydesk/contract/events";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { readerOf } from "../../i18n/reader-language.ts";
import { findNotificationRow, listNotificationRows, markRead, notificationOf } from "./queries.ts";

export default async function notificationsRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	const listFor = async (accountId: string, userId: number, limit: number, unreadOnly: boolean) => {
		const [reader, { rows, unread }] = await Promise.all([
			readerOf(db.kysely, accountId, userId),
			listNotificationRows(db.kysely, accountId, userId, { limit, unreadOnly }),
		]);
		return { notifications: rows.map((row) => notificationOf(reader, row)), unread };
	};

	contractRoute(app, listNotifications, async ({ query, user, accountId }) =>
		listFor(accountId, user.id, query.per_page, query.unread_only === true),
	);

	contractRoute(app, readNotification, async ({ params, user, accountId, clock }) => {
		const row = await findNotificationRow(db.kysely, accountId, user.id, params.id);
		if (!row) throw notFound(NOTIFICATION_ERRORS.notFound, "The notification could not be found.");
		await markRead(db.kysely, accountId, user.id, clock.seconds(), row.id);
		const reader = await readerOf(db.kysely, accountId, user.id);
		return notificationOf(reader, { ...row, read_at: row.read_at ?? clock.seconds() });
	});

	contractRoute(app, readAllNotifications, async ({ user, accountId, clock }) => {
		await markRead(db.kysely, accountId, user.id, clock.seconds());
		return listFor(accountId, user.id, NOTIFICATIONS_PAGE_SIZE, false);
	});
}
