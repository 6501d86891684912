import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { createNotice } from "./notices.tsx";

/** The error notice a query raises when a fetch of it fails (spec 2 §8), declared in its `meta`. */
export interface ErrorNotice {
	message: string;
	/** A fetch that fails again replaces the notice under this id instead of stacking a second. */
	id: string;
	/** Failures the screen explains itself (a missing payment), which raise no notice. */
	except?: (error: Error) => boolean;
}

declare module "@tanstack/react-query" {
	interface Register {
		queryMeta: { errorNotice?: ErrorNotice };
	}
}

export function createQueryClient(): QueryClient {
	return new QueryClient({
		// Every query's notice is raised here, once per failed fetch, after its retries.
		queryCache: new QueryCache({
			onError: (error, query) => {
				const notice = query.meta?.errorNotice;
				if (notice && !notice.except?.(error)) createNotice("error", notice.message, { id: notice.id });
			},
		}),
		defaultOptions: {
			queries: {
				staleTime: 30_000,
				refetchOnWindowFocus: false,
				// Client errors will not improve on retry; a dropped connection might.
				retry: (count, error) =>
					count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
			},
			mutations: { retry: false },
		},
	});
}
