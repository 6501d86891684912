/**
 * WordPress's Modal, for screens that open dialogs only when the merchant acts (a confirmation,
 * an explanation): its code (the frame, focus trapping, its styles) loads when a dialog first
 * opens, not with the screen, so a screen's first load stays small. The dialog shows once it has
 * arrived, a moment later on that first opening only; focus still moves into it and returns to
 * what opened it.
 */
import type { Modal as WpModal } from "@wordpress/components";
import { type ComponentProps, lazy, Suspense } from "react";

const LazyModal = lazy(() => import("./deferred-modal-parts.ts").then((parts) => ({ default: parts.Modal })));

export function Modal(props: ComponentProps<typeof WpModal>) {
	return (
		<Suspense fallback={null}>
			<LazyModal {...props} />
		</Suspense>
	);
}
