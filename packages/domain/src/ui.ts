/** Shared UI constants of spec 1 §9. */
export const TOOLTIP_DELAY_MS = 700;
/** A notice snackbar auto-dismisses after 10 seconds (spec 2 §8). */
export const NOTICE_TIMEOUT_MS = 10_000;
/** Default list paging for every list (spec 2 §5). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 25;
