import type { Dispute } from "@paydesk/contract/disputes";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type Notice, removeNotice, useNotices } from "../../app/notices.tsx";
import { createQueryClient } from "../../app/query-client.ts";
import { testSettings } from "../../testing/settings.ts";
import { EvidenceForm } from "./evidence-form.tsx";

const NOW = Math.floor(Date.now() / 1000);

function dispute(overrides: Partial<Dispute> = {}): Dispute {
	return {
		id: "du_test",
		status: "needs_response",
		reason: "fraudulent",
		amount: 5_000,
		currency: "usd",
		created: NOW - 10 * 86_400,
		charge: {
			id: "ch_1",
			payment_intent: "pi_1",
			balance_transaction: "txn_1",
			amount: 5_000,
			currency: "usd",
			created: NOW - 12 * 86_400,
			billing_details: { name: "Jane Doe", email: "jane@example.com" },
		},
		order: { id: 1001, number: "1001", url: "/wp-admin/post.php?post=1001&action=edit" },
		evidence: {},
		metadata: { __product_type: "physical_product" },
		evidence_details: { due_by: NOW + 5 * 86_400, has_evidence: false },
		issuer_evidence: null,
		balance_transactions: [],
		evidence_files: {},
		...overrides,
	};
}

let requests: string[];
let notices: Notice[] = [];

/** The notices raised, one element each (the snackbar also repeats them for screen readers). */
function NoticeProbe() {
	notices = useNotices();
	return (
		<ul aria-label="notices">
			{notices.map((notice) => (
				<li key={notice.id}>{notice.content}</li>
			))}
		</ul>
	);
}

function renderForm(value: Dispute) {
	const client = createQueryClient();
	return render(
		<QueryClientProvider client={client}>
			<EvidenceForm dispute={value} />
			<NoticeProbe />
		</QueryClientProvider>,
	);
}

beforeEach(() => {
	for (const notice of notices) removeNotice(notice.id);
	testSettings();
	requests = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string, init: RequestInit = {}) => {
			requests.push(`${init.method ?? "GET"} ${url}`);
			// An upload that never finishes, so the test can look at the uploading state.
			if (url.endsWith("/file")) return new Promise<Response>(() => undefined);
			return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
		}),
	);
});

const LIMIT_MESSAGE = "Reached maximum character count for evidence";

describe("evidence text limits (spec 3 §5.1)", () => {
	it("a textarea takes at most 20000 characters", () => {
		renderForm(dispute());
		expect(screen.getByLabelText("Additional information")).toHaveProperty("maxLength", 20_000);
	});

	it('refuses input once the combined evidence text "would reach 150000" (spec 3 §5.1), and says so once', () => {
		const saved = Object.fromEntries(
			[
				"product_description",
				"billing_address",
				"refund_policy_disclosure",
				"refund_refusal_explanation",
				"duplicate_charge_explanation",
				"shipping_address",
				"cancellation_policy_disclosure",
			].map((key) => [key, "x".repeat(20_000)]),
		);
		renderForm(dispute({ evidence: saved }));
		const field = screen.getByLabelText("Additional information") as HTMLTextAreaElement;

		fireEvent.change(field, { target: { value: "y".repeat(9_999) } });
		expect(field.value).toHaveLength(9_999);
		expect(screen.queryByText(LIMIT_MESSAGE)).toBeNull();

		// 140000 + 10000 would reach 150000: refused, with the notice.
		fireEvent.change(field, { target: { value: "y".repeat(10_000) } });
		expect(field.value).toHaveLength(9_999);
		expect(screen.getAllByText(LIMIT_MESSAGE)).toHaveLength(1);

		removeNotice("evidence-text-limit");
		fireEvent.change(field, { target: { value: "y".repeat(10_050) } });
		expect(field.value).toHaveLength(9_999);
		expect(screen.queryByText(LIMIT_MESSAGE)).toBeNull();
	});
});

describe("evidence files (spec 3 §5.1)", () => {
	const pdf = (size: number, name = "proof.pdf") =>
		new File([new Uint8Array(size)], name, { type: "application/pdf" });
	const withReceipt = () =>
		dispute({
			evidence: { receipt: "file_receipt" },
			metadata: { __product_type: "physical_product", receipt: "receipt.pdf" },
			evidence_files: { receipt: { id: "file_receipt", filename: "receipt.pdf", size: 4_000_000 } },
		});

	it("refuses a file that would take the dispute past 4,500,000 bytes, before uploading it", async () => {
		renderForm(withReceipt());
		await userEvent.upload(screen.getByLabelText("Customer communication"), pdf(500_001));
		expect(screen.getByText(/exceed the 4.5 MB limit for a dispute's total size/)).toBeTruthy();
		expect(requests.filter((request) => request.startsWith("POST"))).toEqual([]);
	});

	it("uploads a file that brings the total to exactly 4,500,000 bytes, and refuses to save meanwhile", async () => {
		renderForm(withReceipt());
		await userEvent.upload(screen.getByLabelText("Customer communication"), pdf(500_000));
		expect(requests).toContain("POST /wp-json/wc/v3/payments/file");
		expect(screen.getByText("Uploading…")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Save for later" }));
		expect(screen.getByText("Please wait until file upload is finished")).toBeTruthy();
		expect(requests.filter((request) => request.includes("/disputes/"))).toEqual([]);
	});

	it("removing a file clears the field and its size", async () => {
		renderForm(withReceipt());
		expect(screen.getByRole("button", { name: "receipt.pdf" })).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Remove Order receipt" }));
		expect(screen.queryByRole("button", { name: "receipt.pdf" })).toBeNull();
		// With the 4,000,000 bytes gone, a 4,500,000-byte file fits again.
		await userEvent.upload(screen.getByLabelText("Customer communication"), pdf(4_500_000));
		await waitFor(() => expect(requests).toContain("POST /wp-json/wc/v3/payments/file"));
	});
});

describe("a saved file whose name was not saved with the evidence", () => {
	const withNamelessReceipt = () =>
		dispute({
			evidence: { receipt: "file_receipt" },
			metadata: { __product_type: "physical_product" },
		});
	const answer = (status: number, body: unknown) =>
		vi.mocked(fetch).mockImplementation(async (url) => {
			requests.push(`GET ${String(url)}`);
			return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
		});

	it("is shown under the name GET /file/{id}/details gives", async () => {
		answer(200, {
			id: "file_receipt",
			filename: "receipt-march.pdf",
			size: 1_200,
			purpose: "dispute_evidence",
			type: "application/pdf",
			title: null,
			created: NOW,
		});
		renderForm(withNamelessReceipt());
		expect(await screen.findByRole("button", { name: "receipt-march.pdf" })).toBeTruthy();
		expect(requests).toContain("GET /wp-json/wc/v3/payments/file/file_receipt/details");
	});

	it("says 'Error retrieving file.' (spec 2 §8) when the details cannot be read, and keeps the id", async () => {
		answer(404, { code: "wcpay_file_not_found", message: "No such file.", data: { status: 404 } });
		renderForm(withNamelessReceipt());
		expect(await screen.findByText("Error retrieving file.")).toBeTruthy();
		expect(screen.getByRole("button", { name: "file_receipt" })).toBeTruthy();
	});
});

describe("the form's modes (spec 3 §2.4, §4.2)", () => {
	it("asks for a product type first, with 'Select one…' as a disabled placeholder", () => {
		renderForm(dispute({ metadata: {} }));
		const placeholder = screen.getByRole("option", { name: "Select one…" }) as HTMLOptionElement;
		expect(placeholder.disabled).toBe(true);
		expect(screen.queryByText("General evidence")).toBeNull();
		expect(screen.getByRole("button", { name: "Submit" })).toHaveProperty("ariaDisabled", "true");
	});

	it("is read-only with the spec's notice once evidence is submitted", () => {
		renderForm(dispute({ status: "under_review", metadata: { __product_type: "physical_product" } }));
		expect(
			screen.getAllByText("Evidence is already submitted. Details below are read-only.").length,
		).toBeGreaterThan(0);
		expect(screen.getByLabelText("Customer's name")).toHaveProperty("disabled", true);
		expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
	});
});
