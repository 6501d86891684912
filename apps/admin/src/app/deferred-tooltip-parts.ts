/**
 * The chunk app/deferred-tooltip.tsx loads when a merchant first reaches for an anchor:
 * WordPress's Tooltip, with Ariakit's hovercard and floating-ui, and the product's tooltip with a
 * hide delay built on the same Ariakit. The package's index gives the real WordPress Tooltip: the
 * build swaps only the imports of WordPress's own components.
 */
export { Tooltip } from "@wordpress/components";
export { HoverableTooltip } from "../components/tooltip/hoverable-tooltip.tsx";
