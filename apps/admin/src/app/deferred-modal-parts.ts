/** The chunk app/deferred-modal.tsx loads when a screen first opens a dialog. */
export { Modal } from "@wordpress/components";
