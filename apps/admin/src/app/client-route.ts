/**
 * What the admin's client reads of a route contract: callRoute and routeUrl (app/api.ts) need
 * nothing else, and the build gives the admin nothing else (vite-plugins/contract-client.ts).
 */
import type { RouteContract } from "@paydesk/contract/route";

export const CLIENT_ROUTE_FIELDS = ["method", "path", "produces"] as const;

export type ClientRoute = Pick<RouteContract, (typeof CLIENT_ROUTE_FIELDS)[number]>;
