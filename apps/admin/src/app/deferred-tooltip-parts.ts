/**
 * The chunk app/deferred-tooltip.tsx loads when a merchant first reaches for an anchor:
 * WordPress's Tooltip, with Ariakit's hovercard and floating-ui. The package's index gives the
 * real one: the build swaps only the imports of WordPress's own components.
 */
export { Tooltip } from "@wordpress/components";
