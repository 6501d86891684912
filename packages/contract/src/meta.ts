import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const openApiDocument = defineRoute({
	method: "GET",
	path: `${REST_BASE}/openapi.json`,
	summary: "This OpenAPI document",
	tag: "meta",
	public: true,
	response: z.record(z.string(), z.unknown()),
});
