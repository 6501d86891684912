/** The OpenAPI 3.1 document, generated from the route contracts (one schema source). */
import { z } from "zod";
import { COMMON_ERROR_CODES, restError } from "./errors.ts";
import { RATE_LIMITED_CODE, RATE_LIMITS } from "./rate-limits.ts";
import { capabilityOf, type RouteContract } from "./route.ts";

type JsonObject = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
	const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonObject;
	delete json.$schema;
	return json;
}

function parametersOf(route: RouteContract): JsonObject[] {
	const out: JsonObject[] = [];
	for (const [location, schema] of [
		["path", route.params],
		["query", route.query],
	] as const) {
		if (!schema) continue;
		const json = schemaOf(schema, "input");
		const properties = (json.properties ?? {}) as Record<string, JsonObject>;
		const required = new Set((json.required as string[] | undefined) ?? []);
		for (const [name, property] of Object.entries(properties)) {
			out.push({ name, in: location, required: location === "path" || required.has(name), schema: property });
		}
	}
	return out;
}

export function buildOpenApi(
	routes: readonly RouteContract[],
	info: { title: string; version: string },
): JsonObject {
	const paths: Record<string, Record<string, JsonObject>> = {};
	for (const route of routes) {
		const operation: JsonObject = {
			operationId: `${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
			summary: route.summary,
			tags: [route.tag],
			parameters: parametersOf(route),
			security: route.public ? [] : [{ cookieNonce: [] }, { applicationPassword: [] }],
			responses: {
				"200": route.produces
					? {
							description: "OK",
							content: { [route.produces]: { schema: { type: "string", format: "binary" } } },
						}
					: {
							description: "OK",
							content: { "application/json": { schema: schemaOf(route.response, "output") } },
						},
				default: {
					description: `WordPress REST error; codes: ${[...COMMON_ERROR_CODES, ...(route.errors ?? []), ...(route.rateLimit ? [RATE_LIMITED_CODE] : [])].join(", ")}`,
					content: { "application/json": { schema: { $ref: "#/components/schemas/RestError" } } },
				},
			},
		};
		// WordPress's capability the caller needs (current_user_can), as the server checks it.
		if (!route.public) operation["x-capability"] = capabilityOf(route);
		if (route.rateLimit) {
			const limit = RATE_LIMITS[route.rateLimit];
			operation["x-rate-limit"] = {
				name: route.rateLimit,
				max: limit.max,
				window_seconds: limit.windowSeconds,
			};
		}
		if (route.body) {
			operation.requestBody = {
				required: true,
				content: { "application/json": { schema: schemaOf(route.body, "input") } },
			};
		}
		const methods = paths[route.path] ?? {};
		methods[route.method.toLowerCase()] = operation;
		paths[route.path] = methods;
	}
	return {
		openapi: "3.1.0",
		info,
		paths,
		components: {
			schemas: { RestError: schemaOf(restError, "output") },
			securitySchemes: {
				cookieNonce: {
					type: "apiKey",
					in: "header",
					name: "X-WP-Nonce",
					description: "Session cookie plus REST nonce",
				},
				applicationPassword: { type: "http", scheme: "basic", description: "Login and application password" },
			},
		},
	};
}
