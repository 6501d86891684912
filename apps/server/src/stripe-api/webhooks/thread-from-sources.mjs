// The webhook thread's start from the TypeScript sources (development and tests): a thread does
// not inherit the --import hooks its process started with, so it registers the TypeScript loader
// itself, then loads the server's entry module (thread.ts). The built server never loads this file.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
