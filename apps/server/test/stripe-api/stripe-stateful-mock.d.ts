/** stripe-stateful-mock (npm) ships no types: the one function the scenarios use. */
declare module "stripe-stateful-mock" {
	import type { Server } from "node:http";
	export function createExpressApp(): { listen(port: number, host: string, done: () => void): Server };
}
