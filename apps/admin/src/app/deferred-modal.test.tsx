/**
 * A dialog whose code loads when it first opens must still act as WordPress's Modal: it shows
 * with its title, and closing it gives the focus back to what opened it.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "@wordpress/components";
import { useState } from "react";
import { expect, it } from "vitest";
import { Modal } from "./deferred-modal.tsx";

function Confirmation() {
	const [open, setOpen] = useState(false);
	return (
		<>
			<Button variant="secondary" onClick={() => setOpen(true)}>
				Dismiss all
			</Button>
			{open && (
				<Modal title="Dismiss all messages?" onRequestClose={() => setOpen(false)} size="small">
					<Button variant="primary" onClick={() => setOpen(false)}>
						Yes, dismiss
					</Button>
				</Modal>
			)}
		</>
	);
}

it("opens a dialog once its code has arrived and closes it back to what opened it", async () => {
	const user = userEvent.setup();
	render(<Confirmation />);
	const opener = screen.getByRole("button", { name: "Dismiss all" });
	await user.click(opener);
	const dialog = await screen.findByRole("dialog", { name: "Dismiss all messages?" });
	await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
	await user.keyboard("{Escape}");
	await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
	expect(document.activeElement).toBe(opener);
});
