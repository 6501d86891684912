/**
 * The server runs in Node: each line below fails the typecheck as soon as its project
 * (tsconfig.json) is given the DOM, which would let it use `document` or `window` unseen.
 */
// @ts-expect-error The DOM is not the server's.
void document.title;
// @ts-expect-error The DOM is not the server's.
void window.location;

export {};
