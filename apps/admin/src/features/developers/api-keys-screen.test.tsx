/**
 * Developers › API keys: the account's keys with a secret key masked and a publishable key whole;
 * a secret key made (created or rolled) is shown once, in its dialog, and forgotten when it
 * closes; a roll sends when the old keys stop; a delete asks first; a shop manager only reads.
 */
import { createApiKey, deleteApiKey, listApiKeys, rollApiKey } from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import ApiKeysScreen from "./api-keys-screen.tsx";

type Key = ResponseInputOf<typeof listApiKeys>["data"][number];

const CREATED = 1_767_268_800; // 2026-01-01 12:00 UTC
const KEYS: Key[] = [
	{
		id: "key_secret1",
		name: "Shop server",
		kind: "secret",
		prefix: "sk_test_",
		last4: "4242",
		publishable_key: null,
		permissions: null,
		created: CREATED,
		last_used: null,
		expires_at: null,
	},
	{
		id: "key_public1",
		name: "Shop server",
		kind: "publishable",
		prefix: "pk_test_",
		last4: "9999",
		publishable_key: "pk_test_51abcdefgh9999",
		permissions: null,
		created: CREATED,
		last_used: CREATED + 3_600,
		expires_at: null,
	},
	{
		id: "key_oldsecret",
		name: "Shop server",
		kind: "secret",
		prefix: "sk_test_",
		last4: "0001",
		publishable_key: null,
		permissions: null,
		created: CREATED - 86_400,
		last_used: CREATED - 60,
		// 2026-01-02 12:00 UTC
		expires_at: CREATED + 86_400,
	},
];

const MADE = {
	name: "Shop server",
	secret: "sk_test_newsecretnewsecret7777",
	publishable: "pk_test_newpublishable8888",
	keys: [],
};

let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
	requests = stubApi(
		on(listApiKeys).reply(() => ({ data: KEYS })),
		on(createApiKey).reply(({ body }) => ({ ...MADE, name: body.name })),
		on(rollApiKey).reply(() => MADE),
		on(deleteApiKey).reply(({ params }) => ({ id: params.id, deleted: true })),
	);
});

// A closing modal ends its exit animation on a timer, which must run before the test's page goes.
afterEach(async () => {
	await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
	clearNotices();
	vi.restoreAllMocks();
});

function renderScreen() {
	window.history.replaceState(null, "", "/wp-admin/admin.php?page=wc-admin&path=/payments/developers");
	const user = userEvent.setup();
	renderWithQueryClient(
		<>
			<ApiKeysScreen />
			<NoticeProbe />
		</>,
	);
	return user;
}

const sent = (route: unknown) => requests.filter((request) => request.route === route);

describe("API keys list", () => {
	it("shows a secret key as its prefix and last four, a publishable key whole, Never when unused, and a rolled key's end", async () => {
		renderScreen();
		const table = await screen.findByRole("table", { name: "API keys" });
		const rows = within(table).getAllByRole("row").slice(1);
		expect(rows).toHaveLength(3);
		expect(rows[0]?.textContent).toContain("sk_test_…4242");
		expect(rows[0]?.textContent).toContain("Never");
		expect(rows[1]?.textContent).toContain("pk_test_51abcdefgh9999");
		expect(rows[1]?.textContent).toContain("January 1, 2026 / 1:00 pm");
		expect(rows[2]?.textContent).toContain("sk_test_…0001");
		expect(rows[2]?.textContent).toContain("January 2, 2026 / 12:00 pm");
		// Only a current key can be rolled.
		expect(within(rows[2] as HTMLElement).queryByRole("button", { name: /^Roll key/ })).toBeNull();
		expect(
			within(rows[0] as HTMLElement).getByRole("button", { name: "Roll key sk_test_…4242" }),
		).toBeTruthy();
	});

	it("shows placeholders while loading, then an error with a way to try again", async () => {
		let calls = 0;
		stubApi(
			on(listApiKeys).reply(() => {
				calls++;
				return calls === 1 ? restError(403, "rest_forbidden", "Sorry.") : { data: [] };
			}),
		);
		const user = renderScreen();
		expect(screen.getByRole("status").textContent).toContain("Loading API keys…");
		await user.click(await screen.findByRole("button", { name: "Try again" }));
		expect(await screen.findByText(/There are no API keys yet\./)).toBeTruthy();
		expect(calls).toBe(2);
	});
});

describe("making keys (administrators)", () => {
	it("creates a secret key and shows it once; closing the dialog forgets it", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Create secret key" }));
		const dialog = await screen.findByRole("dialog", { name: "Create secret key" });
		await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "  Mobile app ");
		await user.click(within(dialog).getByRole("button", { name: "Create key" }));

		const made = await screen.findByRole("dialog", { name: "Secret key created" });
		expect(sent(createApiKey).map((request) => request.body)).toEqual([{ name: "Mobile app" }]);
		const secret = within(made).getByRole("textbox", { name: "Secret key" }) as HTMLInputElement;
		expect(secret.value).toBe("sk_test_newsecretnewsecret7777");
		expect(secret.readOnly).toBe(true);
		expect(made.textContent).toContain("it will not be shown again");
		await user.click(within(made).getByRole("button", { name: "Copy the secret key" }));
		expect(await navigator.clipboard.readText()).toBe("sk_test_newsecretnewsecret7777");

		await user.click(within(made).getByRole("button", { name: "Done" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		expect(document.body.innerHTML).not.toContain("sk_test_newsecretnewsecret7777");
		// The list is read again, with the new pair in it.
		await waitFor(() => expect(sent(listApiKeys)).toHaveLength(2));

		await user.click(screen.getByRole("button", { name: "Create secret key" }));
		const again = await screen.findByRole("dialog", { name: "Create secret key" });
		expect((within(again).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("");
		expect(document.body.innerHTML).not.toContain("sk_test_newsecretnewsecret7777");
	});

	it("says in the dialog why the server refused the name", async () => {
		stubApi(
			on(listApiKeys).reply(() => ({ data: KEYS })),
			on(createApiKey).reply(() =>
				restError(
					409,
					"wcpay_api_key_name_taken",
					"A key of this name exists already. Roll it to replace it, or choose another name.",
				),
			),
		);
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Create secret key" }));
		const dialog = await screen.findByRole("dialog", { name: "Create secret key" });
		await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Shop server");
		await user.click(within(dialog).getByRole("button", { name: "Create key" }));
		expect(
			await within(dialog).findByText(
				"A key of this name exists already. Roll it to replace it, or choose another name.",
			),
		).toBeTruthy();
		expect(within(dialog).queryByRole("textbox", { name: "Secret key" })).toBeNull();
	});

	it("rolls a key with the chosen end for the old keys, then shows the new secret once", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Roll key sk_test_…4242" }));
		const dialog = await screen.findByRole("dialog", { name: "Roll key" });
		expect(dialog.textContent).toContain("“Shop server”");
		await user.click(within(dialog).getByRole("radio", { name: "In 24 hours" }));
		await user.click(within(dialog).getByRole("button", { name: "Roll key" }));

		const made = await screen.findByRole("dialog", { name: "Key rolled" });
		const [roll] = sent(rollApiKey);
		expect(roll?.params).toEqual({ id: "key_secret1" });
		expect(roll?.body).toEqual({ expires_in: 86_400 });
		expect((within(made).getByRole("textbox", { name: "Secret key" }) as HTMLInputElement).value).toBe(
			"sk_test_newsecretnewsecret7777",
		);
	});

	it("sends the longest end the route allows for 7 days, and 0 for now", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Roll key sk_test_…4242" }));
		let dialog = await screen.findByRole("dialog", { name: "Roll key" });
		expect((within(dialog).getByRole("radio", { name: "Now" }) as HTMLInputElement).checked).toBe(true);
		await user.click(within(dialog).getByRole("radio", { name: "In 7 days" }));
		await user.click(within(dialog).getByRole("button", { name: "Roll key" }));
		await user.click(await screen.findByRole("button", { name: "Done" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

		await user.click(await screen.findByRole("button", { name: "Roll key pk_test_51abcdefgh9999" }));
		dialog = await screen.findByRole("dialog", { name: "Roll key" });
		await user.click(within(dialog).getByRole("button", { name: "Roll key" }));
		await screen.findByRole("dialog", { name: "Key rolled" });
		expect(sent(rollApiKey).map((request) => request.body)).toEqual([
			{ expires_in: 604_800 },
			{ expires_in: 0 },
		]);
	});

	it("deletes a key only once confirmed, saying it stops working at once", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Delete sk_test_…4242" }));
		let dialog = await screen.findByRole("dialog", { name: "Delete key?" });
		expect(dialog.textContent).toContain("stops working at once");
		await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		expect(sent(deleteApiKey)).toEqual([]);

		await user.click(screen.getByRole("button", { name: "Delete sk_test_…4242" }));
		dialog = await screen.findByRole("dialog", { name: "Delete key?" });
		await user.click(within(dialog).getByRole("button", { name: "Delete key" }));
		await waitFor(() => expect(sent(deleteApiKey)).toHaveLength(1));
		expect(sent(deleteApiKey)[0]?.params).toEqual({ id: "key_secret1" });
		const notices = screen.getByRole("list", { name: "notices" });
		expect(await within(notices).findByText("The key was deleted.")).toBeTruthy();
	});
});

const RESTRICTED: Key = {
	id: "key_restricted1",
	name: "Reporting",
	kind: "restricted",
	prefix: "rk_test_",
	last4: "5555",
	publishable_key: null,
	permissions: { refunds: "write", charges: "read" },
	created: CREATED,
	last_used: null,
	expires_at: null,
};

const MADE_RESTRICTED = {
	name: "Reporting",
	secret: "rk_test_newrestrictednewrestricted6666",
	publishable: null,
	keys: [],
};

describe("restricted keys", () => {
	it("are listed as Restricted, masked, with their permissions in the resources' order", async () => {
		stubApi(on(listApiKeys).reply(() => ({ data: [...KEYS, RESTRICTED] })));
		renderScreen();
		const table = await screen.findByRole("table", { name: "API keys" });
		const rows = within(table).getAllByRole("row").slice(1);
		const row = rows[3] as HTMLElement;
		expect(row.textContent).toContain("Restricted");
		expect(row.textContent).toContain("rk_test_…5555");
		expect(row.textContent).toContain("Charges: Read, Refunds: Write");
		// Secret and publishable keys are not restricted by resource.
		expect(rows[0]?.textContent).not.toContain(": Read");
		expect(within(row).getByRole("button", { name: "Roll key rk_test_…5555" })).toBeTruthy();
	});

	it("are made with a name and the chosen permissions, then shown once without a publishable key", async () => {
		requests = stubApi(
			on(listApiKeys).reply(() => ({ data: KEYS })),
			on(createApiKey).reply(({ body }) => ({ ...MADE_RESTRICTED, name: body.name })),
		);
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Create restricted key" }));
		const dialog = await screen.findByRole("dialog", { name: "Create restricted key" });
		const submit = within(dialog).getByRole("button", { name: "Create key" });
		await user.type(within(dialog).getByRole("textbox", { name: "Name" }), " Reporting ");
		// Every resource starts at None: a key without any access cannot be made.
		expect(submit.getAttribute("aria-disabled")).toBe("true");
		expect(dialog.textContent).toContain("Give the key Read or Write on at least one resource.");

		const charges = within(dialog).getByRole("combobox", { name: "Charges" }) as HTMLSelectElement;
		expect(charges.value).toBe("none");
		expect([...charges.options].map((option) => option.textContent)).toEqual(["None", "Read", "Write"]);
		// The balance is only ever read through the API.
		const balance = within(dialog).getByRole("combobox", { name: "Balance" }) as HTMLSelectElement;
		expect([...balance.options].map((option) => option.textContent)).toEqual(["None", "Read"]);

		await user.selectOptions(charges, "read");
		await user.selectOptions(within(dialog).getByRole("combobox", { name: "Refunds" }), "write");
		await user.selectOptions(balance, "read");
		await user.selectOptions(balance, "none");
		expect(submit.getAttribute("aria-disabled")).toBeNull();
		await user.click(submit);

		const made = await screen.findByRole("dialog", { name: "Restricted key created" });
		expect(sent(createApiKey).map((request) => request.body)).toEqual([
			{ name: "Reporting", kind: "restricted", permissions: { charges: "read", refunds: "write" } },
		]);
		const key = within(made).getByRole("textbox", { name: "Restricted key" }) as HTMLInputElement;
		expect(key.value).toBe("rk_test_newrestrictednewrestricted6666");
		expect(within(made).queryByRole("textbox", { name: "Publishable key" })).toBeNull();
		expect(made.textContent).toContain("it will not be shown again");

		await user.click(within(made).getByRole("button", { name: "Done" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		expect(document.body.innerHTML).not.toContain("rk_test_newrestrictednewrestricted6666");
	});

	it("say in the dialog why the server refused them", async () => {
		stubApi(
			on(listApiKeys).reply(() => ({ data: KEYS })),
			on(createApiKey).reply(() =>
				restError(
					409,
					"wcpay_api_key_name_taken",
					"A key of this name exists already. Roll it to replace it, or choose another name.",
				),
			),
		);
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Create restricted key" }));
		const dialog = await screen.findByRole("dialog", { name: "Create restricted key" });
		await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Shop server");
		await user.selectOptions(within(dialog).getByRole("combobox", { name: "Events" }), "read");
		await user.click(within(dialog).getByRole("button", { name: "Create key" }));
		expect(await within(dialog).findByText(/A key of this name exists already\./)).toBeTruthy();
		expect(within(dialog).queryByRole("textbox", { name: "Restricted key" })).toBeNull();
	});

	it("roll into a new restricted key with the same permissions", async () => {
		stubApi(
			on(listApiKeys).reply(() => ({ data: [...KEYS, RESTRICTED] })),
			on(rollApiKey).reply(() => MADE_RESTRICTED),
		);
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Roll key rk_test_…5555" }));
		const dialog = await screen.findByRole("dialog", { name: "Roll key" });
		expect(dialog.textContent).toContain(
			"A new restricted key with the same permissions replaces the key named “Reporting”",
		);
		await user.click(within(dialog).getByRole("button", { name: "Roll key" }));
		const made = await screen.findByRole("dialog", { name: "Key rolled" });
		expect((within(made).getByRole("textbox", { name: "Restricted key" }) as HTMLInputElement).value).toBe(
			"rk_test_newrestrictednewrestricted6666",
		);
	});
});

describe("a shop manager", () => {
	it("reads the keys without any button that would change them", async () => {
		testSettings({
			user: {
				id: 2,
				login: "manager",
				firstName: "Sam",
				displayName: "Sam",
				email: "sam@example.com",
				roles: ["shop_manager"],
			},
		});
		renderScreen();
		const table = await screen.findByRole("table", { name: "API keys" });
		expect(within(table).getByText("sk_test_…4242")).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Create secret key" })).toBeNull();
		expect(screen.queryByRole("button", { name: "Create restricted key" })).toBeNull();
		expect(screen.queryByRole("button", { name: /^Roll key/ })).toBeNull();
		expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
		// Copying the public key is still theirs.
		expect(screen.getByRole("button", { name: "Copy the publishable key of Shop server" })).toBeTruthy();
	});
});
