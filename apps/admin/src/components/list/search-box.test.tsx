/**
 * The list search box: typed text asks for suggestions, a picked suggestion searches its term
 * (reading its label), free text searches as typed, and a token can be removed.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/query-client.ts";
import type { FilterOption } from "./list-query.ts";
import { SearchBox } from "./search-box.tsx";

const SUGGESTIONS: FilterOption[] = [
	{ label: "Order #1042", value: "#1042" },
	{ label: "Ada Lovelace", value: "Ada Lovelace" },
];

function Harness({ onChange, load }: { onChange: (terms: string[]) => void; load: (term: string) => void }) {
	const [terms, setTerms] = useState<string[]>([]);
	return (
		<QueryClientProvider client={createQueryClient()}>
			<SearchBox
				label="Search transactions"
				placeholder="Search by order number, customer name, or billing email"
				terms={terms}
				onChange={(next) => {
					setTerms(next);
					onChange(next);
				}}
				suggestionsKey={(term) => ["test-search", term]}
				loadSuggestions={async (term) => {
					load(term);
					return SUGGESTIONS;
				}}
			/>
		</QueryClientProvider>
	);
}

describe("search box with suggestions", () => {
	it("offers suggestions for the typed text and searches the picked one's term", async () => {
		const onChange = vi.fn();
		const load = vi.fn();
		render(<Harness onChange={onChange} load={load} />);
		const user = userEvent.setup();
		const input = screen.getByRole("combobox", { name: "Search transactions" });
		expect(input.getAttribute("placeholder")).toBe("Search by order number, customer name, or billing email");
		await user.type(input, "10");
		await user.click(await screen.findByRole("option", { name: "Order #1042" }));
		expect(onChange).toHaveBeenLastCalledWith(["#1042"]);
		// The token reads the suggestion's label, and only the settled text was asked for.
		expect(screen.getByText("Order #1042")).toBeTruthy();
		await waitFor(() => expect(load).toHaveBeenCalledWith("10"));
		expect(load).not.toHaveBeenCalledWith("1");
	});

	it("searches free text on Enter and removes a term with its token's button", async () => {
		const onChange = vi.fn();
		render(<Harness onChange={onChange} load={() => undefined} />);
		const user = userEvent.setup();
		await user.type(screen.getByRole("combobox", { name: "Search transactions" }), "lovelace{Enter}");
		expect(onChange).toHaveBeenLastCalledWith(["lovelace"]);
		await user.click(screen.getByRole("button", { name: "Remove search term" }));
		expect(onChange).toHaveBeenLastCalledWith([]);
	});
});
