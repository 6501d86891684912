/**
 * The admin runs in the browser: each line below fails the typecheck as soon as its project
 * (tsconfig.app.json) is given Node's types, which would let it use `process` or Node's timers
 * unseen. Its build configuration and tests, which run in Node, have projects of their own.
 */
// @ts-expect-error Node's globals are not the browser's.
void process.env;
// @ts-expect-error A timer is a number in the browser.
export type NodeTimer = NodeJS.Timeout;
