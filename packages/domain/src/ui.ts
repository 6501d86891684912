/** Shared UI constants of spec 1 §9. */
export const TOOLTIP_DELAY_MS = 700;
/** A tooltip stays this long after the pointer leaves, so the pointer can reach its text. */
export const TOOLTIP_HIDE_DELAY_MS = 600;
/** A notice snackbar auto-dismisses after 10 seconds (spec 2 §8). */
export const NOTICE_TIMEOUT_MS = 10_000;
/** Default list paging for every list (spec 2 §5). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 25;
