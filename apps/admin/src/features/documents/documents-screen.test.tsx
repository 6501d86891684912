import { downloadDocument, getDocumentsSummary, listDocuments } from "@paydesk/contract/documents";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { saveTaxDetails } from "@paydesk/contract/vat";
import { getCurrentUser } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUserFixture } from "../../testing/current-user.ts";
import { fileReply, on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import DocumentsScreen from "./documents-screen.tsx";

const DOCUMENTS: ResponseInputOf<typeof listDocuments>["data"] = [
	{
		document_id: "doc_oct",
		type: "vat_invoice",
		date: "2026-11-01T02:00:00.000Z",
		period_from: "2026-10-01T00:00:00.000Z",
		period_to: "2026-10-31T23:59:59.000Z",
	},
	{
		document_id: "doc_undated",
		type: "vat_invoice",
		date: "2026-10-01T03:00:00.000Z",
		period_from: null,
		period_to: null,
	},
	{
		document_id: "doc_other",
		type: "credit_note",
		date: "2026-09-15T12:00:00.000Z",
		period_from: null,
		period_to: null,
	},
];

let requests: RecordedRequest[];
let saved: Blob[];

beforeEach(() => {
	testSettings();
	saved = [];
	URL.createObjectURL = (blob: Blob) => {
		saved.push(blob);
		return "blob:pdf";
	};
	URL.revokeObjectURL = () => undefined;
	vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
	requests = stubApi(
		on(getDocumentsSummary).reply(() => ({ count: 3 })),
		on(listDocuments).reply(() => ({ data: DOCUMENTS, total_count: 3 })),
		on(downloadDocument).reply(({ params }) =>
			fileReply("%PDF-1.4 test", {
				"content-type": "application/pdf",
				"content-disposition": `attachment; filename="tax-invoice-${params.id}.pdf"`,
			}),
		),
		on(saveTaxDetails).reply(() => ({ vat_number: null, name: "Test Store", address: "1 Main St" })),
		on(getCurrentUser).reply(() => currentUserFixture()),
	);
});
afterEach(() => {
	vi.restoreAllMocks();
});

function renderScreen(search = "") {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/documents${search}`,
	);
	renderWithQueryClient(<DocumentsScreen />);
	return userEvent.setup();
}

const pdfRequests = () =>
	requests
		.filter((request) => request.route === downloadDocument)
		.map((request) => `${request.method} ${request.url}`);

describe("documents page (spec 1 §2.4)", () => {
	it("lists Date, Type, Description and Download, newest first, with 'N documents'", async () => {
		renderScreen();
		await screen.findByText("Tax invoice for October 1, 2026 to October 31, 2026");
		const table = screen.getByRole("table", { name: "Documents" });
		const headings = within(table)
			.getAllByRole("columnheader")
			.map((cell) => cell.textContent);
		expect(headings[0]).toMatch(/^Date/);
		expect(headings.slice(1)).toEqual(["Type", "Description", "Download"]);
		expect(screen.getByText("Tax invoice without proper period dates")).toBeTruthy();
		expect(screen.getByText("Unknown document type")).toBeTruthy();
		expect(await screen.findByText("documents")).toBeTruthy();
		expect(requests.find((request) => request.route === listDocuments)?.query).toMatchObject({
			sort: "date",
			direction: "desc",
		});
	});

	it("asks for tax details before a tax invoice download, then downloads it", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Download Tax Invoice of November 1, 2026" }));
		expect(screen.getByRole("dialog", { name: "Set your tax details" })).toBeTruthy();
		expect(pdfRequests()).toEqual([]);

		await user.click(screen.getByRole("button", { name: "Continue" }));
		await user.type(await screen.findByRole("textbox", { name: "Business name" }), "Test Store");
		await user.type(screen.getByRole("textbox", { name: "Address" }), "1 Main St");
		await user.click(screen.getByRole("button", { name: "Confirm" }));

		await waitFor(() => expect(saved).toHaveLength(1));
		expect(pdfRequests()).toEqual(["GET /wp-json/wc/v3/payments/documents/doc_oct?_wpnonce=0123456789"]);
		expect(await saved[0]?.text()).toBe("%PDF-1.4 test");
		expect(screen.queryByRole("dialog")).toBeNull();
	});

	it("starts the download of document_id with document_type from the URL, then forgets them", async () => {
		renderScreen("&document_id=doc_oct&document_type=vat_invoice");
		expect(await screen.findByRole("dialog", { name: "Set your tax details" })).toBeTruthy();
		expect(window.location.search).not.toContain("document_id");
	});
});
