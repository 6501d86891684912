import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

export function createQueryClient(): QueryClient {
	return new QueryClient({
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
