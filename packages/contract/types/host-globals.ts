/**
 * The contract is read in the browser and on the server, so it may use the globals of neither:
 * each line below fails the typecheck as soon as the contract's project (tsconfig.json) is given
 * Node's types or the DOM.
 */
// @ts-expect-error Node's globals are not the contract's.
void process.env;
// @ts-expect-error The DOM is not the contract's.
void document.title;

export {};
