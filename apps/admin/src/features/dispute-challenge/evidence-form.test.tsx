import { DISPUTE_ERRORS, type Dispute, updateDispute } from "@paydesk/contract/disputes";
import { FILE_ERRORS, getFileDetails, uploadFile } from "@paydesk/contract/files";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { removeNotice } from "../../app/notices.tsx";
import { disputeFixture } from "../../testing/disputes.ts";
import { type Answer, on, pending, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { EvidenceForm } from "./evidence-form.tsx";
import { EVIDENCE_TEXT_LIMIT_NOTICE } from "./use-evidence-form.ts";

const NOW = Math.floor(Date.now() / 1000);

const dispute = (overrides: Partial<Dispute> = {}): Dispute =>
	disputeFixture(NOW, {
		reason: "fraudulent",
		metadata: { __product_type: "physical_product" },
		...overrides,
	});

let requests: RecordedRequest[];
/** What GET /file/{id}/details answers. */
let fileDetails: () => Answer<typeof getFileDetails>;
/** The requests sent, as "METHOD URL". */
const sent = () => requests.map((request) => `${request.method} ${request.url}`);

/** The form, and the notices it raises one element each (the snackbar also repeats them for screen readers). */
function renderForm(value: Dispute) {
	return renderWithQueryClient(
		<>
			<EvidenceForm dispute={value} />
			<NoticeProbe />
		</>,
	);
}

beforeEach(() => {
	clearNotices();
	testSettings();
	fileDetails = () => restError(404, FILE_ERRORS.notFound);
	requests = stubApi(
		// An upload that never finishes, so the test can look at the uploading state.
		on(uploadFile).reply(() => pending()),
		on(getFileDetails).reply(() => fileDetails()),
	);
});

const LIMIT_MESSAGE = "Reached maximum character count for evidence";

describe("evidence text limits (spec 3 §5.1)", () => {
	it("refuses a textarea's input past 20000 characters whole, with the notice, never cutting it", () => {
		renderForm(dispute());
		const field = screen.getByLabelText("Additional information") as HTMLTextAreaElement;
		fireEvent.change(field, { target: { value: "y".repeat(20_000) } });
		expect(field.value).toHaveLength(20_000);
		expect(screen.queryByText(LIMIT_MESSAGE)).toBeNull();
		fireEvent.change(field, { target: { value: "y".repeat(20_001) } });
		expect(field.value).toHaveLength(20_000);
		expect(screen.getAllByText(LIMIT_MESSAGE)).toHaveLength(1);
	});

	it('refuses input once the combined evidence text "would reach 150000" (spec 3 §5.1), saying so each time', () => {
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

		fireEvent.change(field, { target: { value: "y".repeat(9_990) } });
		expect(field.value).toHaveLength(9_990);
		expect(screen.queryByText(LIMIT_MESSAGE)).toBeNull();

		// 140000 + 10000 would reach 150000: the paste is refused whole, not cut to fit.
		fireEvent.change(field, { target: { value: "y".repeat(10_000) } });
		expect(field.value).toHaveLength(9_990);
		expect(screen.getAllByText(LIMIT_MESSAGE)).toHaveLength(1);

		// A second refusal while the notice shows keeps one notice on screen.
		fireEvent.change(field, { target: { value: "y".repeat(10_020) } });
		expect(screen.getAllByText(LIMIT_MESSAGE)).toHaveLength(1);

		// Once the notice is gone, the next refused input raises it again.
		removeNotice(EVIDENCE_TEXT_LIMIT_NOTICE);
		fireEvent.change(field, { target: { value: "y".repeat(10_050) } });
		expect(field.value).toHaveLength(9_990);
		expect(screen.getAllByText(LIMIT_MESSAGE)).toHaveLength(1);

		// What fits still goes in, and shortening is never refused.
		fireEvent.change(field, { target: { value: "y".repeat(9_999) } });
		expect(field.value).toHaveLength(9_999);
		fireEvent.change(field, { target: { value: "y".repeat(5) } });
		expect(field.value).toHaveLength(5);
	});

	it("says the server's refusal of evidence past the total in the spec's words", async () => {
		requests = stubApi(
			on(updateDispute).reply(() =>
				restError(400, DISPUTE_ERRORS.evidenceTooLong, "Reached maximum character count for evidence: …"),
			),
		);
		renderForm(dispute({ evidence: { customer_name: "Jane" } }));
		await userEvent.click(screen.getByRole("button", { name: "Save for later" }));
		expect(await screen.findByText(`Failed to save evidence. (${LIMIT_MESSAGE})`)).toBeTruthy();
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
		expect(requests.filter((request) => request.method === "POST")).toEqual([]);
	});

	it("uploads a file that brings the total to exactly 4,500,000 bytes, and refuses to save meanwhile", async () => {
		renderForm(withReceipt());
		await userEvent.upload(screen.getByLabelText("Customer communication"), pdf(500_000));
		expect(sent()).toContain("POST /wp-json/wc/v3/payments/file");
		expect(screen.getByText("Uploading…")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Save for later" }));
		expect(screen.getByText("Please wait until file upload is finished")).toBeTruthy();
		expect(sent().filter((request) => request.includes("/disputes/"))).toEqual([]);
	});

	it("removing a file clears the field and its size", async () => {
		renderForm(withReceipt());
		// The name opens the file in place (spec 3 §7: displayed from /file/{name}), in a new tab.
		const link = screen.getByRole("link", { name: "receipt.pdf (opens in a new tab)" });
		expect(link.getAttribute("href")).toMatch(/^\/wp-json\/wc\/v3\/payments\/file\/file_\w+\?_wpnonce=/);
		expect(link.getAttribute("target")).toBe("_blank");
		expect(screen.getByRole("button", { name: "Download receipt.pdf" })).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Remove Order receipt" }));
		expect(screen.queryByRole("link", { name: "receipt.pdf (opens in a new tab)" })).toBeNull();
		// With the 4,000,000 bytes gone, a 4,500,000-byte file fits again.
		await userEvent.upload(screen.getByLabelText("Customer communication"), pdf(4_500_000));
		await waitFor(() => expect(sent()).toContain("POST /wp-json/wc/v3/payments/file"));
	});
});

describe("a saved file whose name was not saved with the evidence", () => {
	const withNamelessReceipt = () =>
		dispute({
			evidence: { receipt: "file_receipt" },
			metadata: { __product_type: "physical_product" },
		});
	it("is shown under the name GET /file/{id}/details gives", async () => {
		fileDetails = () => ({
			id: "file_receipt",
			filename: "receipt-march.pdf",
			size: 1_200,
			purpose: "dispute_evidence",
			type: "application/pdf",
			title: null,
			created: NOW,
		});
		renderForm(withNamelessReceipt());
		expect(await screen.findByRole("link", { name: "receipt-march.pdf (opens in a new tab)" })).toBeTruthy();
		expect(sent()).toContain("GET /wp-json/wc/v3/payments/file/file_receipt/details");
	});

	it("says 'Error retrieving file.' (spec 2 §8) when the details cannot be read, and keeps the id", async () => {
		fileDetails = () => restError(404, FILE_ERRORS.notFound, "No such file.");
		renderForm(withNamelessReceipt());
		expect(await screen.findByText("Error retrieving file.")).toBeTruthy();
		expect(screen.getByRole("link", { name: "file_receipt (opens in a new tab)" })).toBeTruthy();
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

describe("submitting (spec 3 §2.4, §8)", () => {
	const QUESTION = "Are you sure you're ready to submit this evidence? Evidence submissions are final.";

	it("asks first: Cancel sends nothing, Submit in the dialog sends the evidence as final", async () => {
		requests = stubApi(
			on(updateDispute).reply(({ params }) => dispute({ id: params.id, status: "under_review" })),
		);
		const user = userEvent.setup();
		renderForm(dispute({ evidence: { customer_name: "Jane" } }));
		await user.click(screen.getByRole("button", { name: "Submit" }));
		let dialog = await screen.findByRole("dialog", { name: "Submit evidence" });
		expect(dialog.textContent).toContain(QUESTION);
		await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(requests.filter((request) => request.route === updateDispute)).toEqual([]);

		await user.click(screen.getByRole("button", { name: "Submit" }));
		dialog = await screen.findByRole("dialog", { name: "Submit evidence" });
		await user.click(within(dialog).getByRole("button", { name: "Submit" }));
		await waitFor(() =>
			expect(requests.filter((request) => request.route === updateDispute)).toHaveLength(1),
		);
		expect(requests.find((request) => request.route === updateDispute)?.body).toMatchObject({ submit: true });
	});
});
