/** Shared UI constants of spec 1 §9. */
export const TOOLTIP_DELAY_MS = 700;
/** Not applied yet: @wordpress/components' Tooltip takes no hide delay (apps/admin/src/components/tooltip). */
export const TOOLTIP_HIDE_DELAY_MS = 600;
export const TOOLTIP_MAX_WIDTH_PX = 250;
/** Responsive breakpoints: small, medium, large. */
export const BREAKPOINTS = { small: "40em", medium: "52em", large: "64em" } as const;
/** A notice snackbar auto-dismisses after 10 seconds (spec 2 §8). */
export const NOTICE_TIMEOUT_MS = 10_000;
/** Default list paging for every list (spec 2 §5). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 25;
