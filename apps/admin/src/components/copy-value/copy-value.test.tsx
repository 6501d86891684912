/**
 * Copying a key or a secret: the clipboard gets the value and the button says "Copied" for
 * 2 seconds (a status message tells screen readers too); where the browser refuses the
 * clipboard, the value is in a read-only field, focused and selected, with a line saying how to
 * copy it. A value shown as text in a table becomes that field the first time copying is refused.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COPIED_MS, CopyValue } from "./copy-value.tsx";

const KEY = "pk_test_51abcdefgh9999";
const REFUSED = "Copying is not allowed here: the text is selected, copy it with Ctrl+C (⌘C on a Mac).";

beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
	vi.useRealTimers();
	vi.restoreAllMocks();
});

function setup() {
	return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const refuseClipboard = () =>
	vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));

function expectSelected(field: HTMLInputElement, value: string) {
	expect(document.activeElement).toBe(field);
	expect(field.selectionStart).toBe(0);
	expect(field.selectionEnd).toBe(value.length);
}

describe("CopyValue as a field", () => {
	it("shows the value in a labelled read-only field beside a Copy button", () => {
		render(<CopyValue label="Signing secret" value="whsec_123" />);
		const field = screen.getByRole("textbox", { name: "Signing secret" }) as HTMLInputElement;
		expect(field.value).toBe("whsec_123");
		expect(field.readOnly).toBe(true);
		expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
	});

	it("copies the value and says Copied for 2 seconds, to screen readers too", async () => {
		const user = setup();
		render(<CopyValue label="Secret key" value="sk_test_7777" copyLabel="Copy the secret key" />);
		await user.click(screen.getByRole("button", { name: "Copy the secret key" }));
		expect(await navigator.clipboard.readText()).toBe("sk_test_7777");
		expect(screen.getByRole("button", { name: "Copied" }).textContent).toBe("Copied");
		expect(screen.getByRole("status").textContent).toBe("Copied");

		act(() => void vi.advanceTimersByTime(COPIED_MS - 100));
		expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
		act(() => void vi.advanceTimersByTime(100));
		expect(screen.getByRole("button", { name: "Copy the secret key" }).textContent).toBe("Copy");
		expect(screen.getByRole("status").textContent).toBe("");
	});

	it("selects the field and says how to copy it when the clipboard refuses; a copy that works clears that", async () => {
		const user = setup();
		render(<CopyValue label="Signing secret" value="whsec_123" />);
		const refusal = refuseClipboard();
		await user.click(screen.getByRole("button", { name: "Copy" }));
		await waitFor(() => expect(screen.getByRole("status").textContent).toBe(REFUSED));
		expectSelected(screen.getByRole("textbox", { name: "Signing secret" }) as HTMLInputElement, "whsec_123");
		expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();

		refusal.mockRestore();
		await user.click(screen.getByRole("button", { name: "Copy" }));
		expect(await navigator.clipboard.readText()).toBe("whsec_123");
		await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Copied"));
	});

	it("takes the focus, selected, when it appears with autoFocus (a key shown once)", () => {
		render(
			<>
				<CopyValue label="Secret key" value="sk_test_7777" autoFocus />
				<CopyValue label="Publishable key" value={KEY} />
			</>,
		);
		expectSelected(screen.getByRole("textbox", { name: "Secret key" }) as HTMLInputElement, "sk_test_7777");
	});
});

describe("CopyValue as text", () => {
	it("shows the value as text, and copies it with the button's own name", async () => {
		const user = setup();
		render(
			<CopyValue
				display="text"
				label="Publishable key of Shop server"
				value={KEY}
				copyLabel="Copy the publishable key of Shop server"
			/>,
		);
		expect(screen.queryByRole("textbox")).toBeNull();
		expect(screen.getByText(KEY).tagName).toBe("CODE");
		await user.click(screen.getByRole("button", { name: "Copy the publishable key of Shop server" }));
		expect(await navigator.clipboard.readText()).toBe(KEY);
		expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
	});

	it("puts the value in a selected read-only field when the clipboard refuses, and keeps it there", async () => {
		const user = setup();
		render(
			<CopyValue
				display="text"
				label="Publishable key of Shop server"
				value={KEY}
				copyLabel="Copy the publishable key of Shop server"
			/>,
		);
		refuseClipboard();
		const copy = screen.getByRole("button", { name: "Copy the publishable key of Shop server" });
		await user.click(copy);
		const field = (await screen.findByRole("textbox", {
			name: "Publishable key of Shop server",
		})) as HTMLInputElement;
		expect(field.value).toBe(KEY);
		expect(field.readOnly).toBe(true);
		expectSelected(field, KEY);
		expect(screen.getByRole("status").textContent).toBe(REFUSED);

		// Refused again after the merchant moved on: the same field is selected again.
		copy.focus();
		field.setSelectionRange(0, 0);
		await user.click(copy);
		await waitFor(() => expectSelected(field, KEY));
	});
});
