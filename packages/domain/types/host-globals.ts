/**
 * The domain's rules run in the browser and on the server, so they may use the globals of
 * neither: each line below fails the typecheck as soon as the domain's project (tsconfig.json)
 * is given Node's types or the DOM, which would let a rule use `process` or `document` unseen.
 */
// @ts-expect-error Node's globals are not the domain's.
void process.env;
// @ts-expect-error The DOM is not the domain's.
void document.title;

export {};
