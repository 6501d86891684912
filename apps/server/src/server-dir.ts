/**
 * The server package's folder (apps/server), for files read at run time (assets, static files).
 * Found from this file, which sits directly in src/; the compiled server sits at the same depth
 * (dist/main.js, see scripts/build-server.mjs), so the path is the same under tsx and compiled.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
