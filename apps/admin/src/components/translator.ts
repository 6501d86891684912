/**
 * The admin's translator for packages/domain's rules that write text (`transactionTypeLabel(type,
 * translator)`): @wordpress/i18n's own functions, so a domain text reads from the catalogue that
 * main.tsx loaded for the user's language, as the admin's own `__()` calls do.
 */
import type { Translator } from "@paydesk/domain/translator";
import { __, _n, _nx, _x } from "@wordpress/i18n";

export const translator: Translator = { __, _x, _n, _nx };
