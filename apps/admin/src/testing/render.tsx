/** Renders a component as the admin app does, under its own fresh query client. */
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createQueryClient } from "../app/query-client.ts";

export function renderWithQueryClient(ui: ReactNode) {
	return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}
