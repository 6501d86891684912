/**
 * A confirmation asks before acting: confirming runs the action, while Cancel, Escape and the
 * close button leave things as they were; while the action runs nothing can be pressed twice;
 * focus goes into the dialog and comes back to what opened it.
 */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "@wordpress/components";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog.tsx";
import { useConfirm } from "./use-confirm.tsx";

function Opener(props: Partial<ConfirmDialogProps> & Pick<ConfirmDialogProps, "onConfirm">) {
	const [open, setOpen] = useState(false);
	return (
		<>
			<Button variant="secondary" onClick={() => setOpen(true)}>
				Remove
			</Button>
			{open && (
				<ConfirmDialog
					title="Remove the currency?"
					confirmLabel="Yes, remove"
					onCancel={() => setOpen(false)}
					{...props}
					onConfirm={() => {
						const result = props.onConfirm();
						if (!(result instanceof Promise)) setOpen(false);
						return result;
					}}
				>
					Prices in it will no longer show.
				</ConfirmDialog>
			)}
		</>
	);
}

async function open(props: Parameters<typeof Opener>[0]) {
	const user = userEvent.setup();
	render(<Opener {...props} />);
	const opener = screen.getByRole("button", { name: "Remove" });
	await user.click(opener);
	const dialog = await screen.findByRole("dialog", { name: "Remove the currency?" });
	return { user, opener, dialog };
}

// A closing modal finishes its exit animation on a timer; it must end before the page goes, or
// its last state update lands after the test's document is gone.
afterEach(async () => {
	await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
});

describe("ConfirmDialog", () => {
	it("shows the question with the focus in it, and confirming runs the action once", async () => {
		const action = vi.fn();
		const { user, dialog } = await open({ onConfirm: action });
		expect(dialog.textContent).toContain("Prices in it will no longer show.");
		expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
		await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
		await user.click(within(dialog).getByRole("button", { name: "Yes, remove" }));
		expect(action).toHaveBeenCalledTimes(1);
		expect(screen.queryByRole("dialog")).toBeNull();
	});

	it("does not act on Cancel, and gives the focus back to what opened it", async () => {
		const action = vi.fn();
		const { user, opener, dialog } = await open({ onConfirm: action });
		await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(action).not.toHaveBeenCalled();
		expect(document.activeElement).toBe(opener);
	});

	it("does not act on Escape", async () => {
		const action = vi.fn();
		const { user, opener, dialog } = await open({ onConfirm: action });
		await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
		await user.keyboard("{Escape}");
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		expect(action).not.toHaveBeenCalled();
		expect(document.activeElement).toBe(opener);
	});

	it("draws a destructive action as destructive, and names Cancel as asked", async () => {
		const { dialog } = await open({ onConfirm: vi.fn(), isDestructive: true, cancelLabel: "Keep it" });
		expect(within(dialog).getByRole("button", { name: "Yes, remove" }).className).toContain("is-destructive");
		expect(within(dialog).getByRole("button", { name: "Keep it" })).toBeTruthy();
	});

	it("while the action runs, both buttons wait and Escape does not close it", async () => {
		let finish: () => void = () => {};
		const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
		const { user, dialog } = await open({ onConfirm: action });
		const confirm = within(dialog).getByRole("button", { name: "Yes, remove" });
		await user.click(confirm);
		await user.click(confirm);
		expect(action).toHaveBeenCalledTimes(1);
		expect(confirm.getAttribute("aria-disabled")).toBe("true");
		expect(within(dialog).getByRole("button", { name: "Cancel" }).getAttribute("aria-disabled")).toBe("true");
		await user.keyboard("{Escape}");
		expect(screen.getByRole("dialog")).toBe(dialog);
		await act(async () => finish());
		expect(confirm.getAttribute("aria-disabled")).toBeNull();
	});

	it("waits while the caller says the action is busy", async () => {
		const action = vi.fn();
		const { user, dialog } = await open({ onConfirm: action, isBusy: true });
		await user.click(within(dialog).getByRole("button", { name: "Yes, remove" }));
		expect(action).not.toHaveBeenCalled();
	});
});

function Asker({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
	const { confirm, dialog } = useConfirm();
	return (
		<>
			<Button
				variant="secondary"
				onClick={async () =>
					onAnswer(await confirm({ title: "Submit the evidence?", confirmLabel: "Submit" }))
				}
			>
				Send
			</Button>
			{dialog}
		</>
	);
}

describe("useConfirm", () => {
	it("answers true when confirmed and false when canceled", async () => {
		const user = userEvent.setup();
		const answers: boolean[] = [];
		render(<Asker onAnswer={(answer) => answers.push(answer)} />);
		await user.click(screen.getByRole("button", { name: "Send" }));
		let dialog = await screen.findByRole("dialog", { name: "Submit the evidence?" });
		await user.click(within(dialog).getByRole("button", { name: "Submit" }));
		await waitFor(() => expect(answers).toEqual([true]));
		expect(screen.queryByRole("dialog")).toBeNull();

		await user.click(screen.getByRole("button", { name: "Send" }));
		dialog = await screen.findByRole("dialog", { name: "Submit the evidence?" });
		await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
		await waitFor(() => expect(answers).toEqual([true, false]));
	});

	it("answers false when the screen goes away with the question open", async () => {
		const user = userEvent.setup();
		const answers: boolean[] = [];
		const { unmount } = render(<Asker onAnswer={(answer) => answers.push(answer)} />);
		await user.click(screen.getByRole("button", { name: "Send" }));
		await screen.findByRole("dialog", { name: "Submit the evidence?" });
		unmount();
		await waitFor(() => expect(answers).toEqual([false]));
	});
});
