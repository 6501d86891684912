/**
 * The test checkout's script (issue 14): pays the form's order through the intake API with the
 * page's REST nonce, and says what happened in the words of the payment details screen (the
 * charge's derived status). One Idempotency-Key per attempt, and no second attempt while one
 * runs, so a double click pays once. A 3-D Secure card goes to the authentication page, which
 * sends the customer back here with ?payment_intent=…; the payment is then confirmed.
 */
(() => {
	const REST_BASE = "/wp-json/wc/v3/payments";
	const DETAILS_URL = "/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=";

	const form = document.getElementById("paydesk-test-checkout");
	if (!form) return;
	const result = document.getElementById("paydesk-test-checkout-result");
	const payButton = form.querySelector("[data-pay]");
	const shipping = document.getElementById("paydesk-shipping");
	const shipDifferent = document.getElementById("ship_different");
	const cardNumber = document.getElementById("card_number");
	const nonce = form.dataset.nonce ?? "";
	const statusLabels = JSON.parse(form.dataset.statusLabels ?? "{}");
	const ruleNames = JSON.parse(form.dataset.ruleNames ?? "{}");

	let paying = false;
	/** The attempt that has no answer yet: pressing Pay again with the same order retries it. */
	let pending = null;

	const input = (id) => document.getElementById(id);
	const text = (id) => input(id).value.trim();

	function element(tag, attributes, children) {
		const node = document.createElement(tag);
		for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
		for (const child of children ?? []) node.append(child);
		return node;
	}

	function newKey() {
		const bytes = new Uint8Array(16);
		crypto.getRandomValues(bytes);
		return `test-checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
	}

	function decimalsOf(currency) {
		const option = input("currency").querySelector(`option[value="${currency}"]`);
		return Number(option?.dataset.decimals ?? 2);
	}

	/** "50.00" in a two-decimal currency is 5000 minor units; null when it is not an amount. */
	function minorUnits(typed, decimals) {
		if (!/^\d+(\.\d*)?$|^\.\d+$/.test(typed)) return null;
		const [whole = "0", fraction = ""] = typed.split(".");
		if (fraction.replace(/0+$/, "").length > decimals) return null;
		const digits = `${whole || "0"}${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
		return Number(digits);
	}

	function formatMoney(amount, currency) {
		const decimals = decimalsOf(currency);
		try {
			return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
				amount / 10 ** decimals,
			);
		} catch {
			return `${(amount / 10 ** decimals).toFixed(decimals)} ${currency.toUpperCase()}`;
		}
	}

	function address(prefix) {
		return {
			line1: text(`${prefix}_line1`),
			city: text(`${prefix}_city`),
			state: text(`${prefix}_state`),
			postal_code: text(`${prefix}_postal_code`),
			country: text(`${prefix}_country`),
		};
	}

	/** The request body, or the fields the page itself can tell are wrong. */
	function order() {
		const currency = text("currency");
		const decimals = decimalsOf(currency);
		const amount = minorUnits(text("amount"), decimals);
		const items = Number(text("item_count"));
		const errors = {};
		if (!amount)
			errors.amount =
				decimals === 0
					? "Amount must be a whole number greater than 0."
					: `Amount must be greater than 0, with at most ${decimals} decimals.`;
		if (!Number.isInteger(items) || items < 1) errors["order.items"] = "Number of items must be 1 or more.";
		if (Object.keys(errors).length > 0) return { errors };
		const billing = address("billing");
		const body = {
			amount,
			currency,
			capture_method: form.elements.namedItem("capture_method").value,
			payment_method: {
				type: "card",
				card: {
					number: text("card_number"),
					exp_month: text("exp_month"),
					exp_year: text("exp_year"),
					cvc: text("cvc"),
				},
				billing_details: { name: text("name"), email: text("email"), address: billing },
			},
			order: {
				items: [{ name: "Test product", quantity: items, total: amount }],
				// A checkout ships to the billing address unless the customer gives another one.
				shipping_address: shipDifferent.checked ? address("shipping") : billing,
			},
			channel: "online",
			metadata: { source: "test_checkout" },
			return_url: `${window.location.origin}${window.location.pathname}`,
		};
		if (text("customer_ip")) body.customer_ip = text("customer_ip");
		return { body };
	}

	async function rest(method, path, body, headers) {
		const response = await fetch(`${REST_BASE}${path}`, {
			method,
			credentials: "same-origin",
			headers: {
				Accept: "application/json",
				"X-WP-Nonce": nonce,
				...(body === undefined ? {} : { "Content-Type": "application/json" }),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		let json = null;
		try {
			json = await response.json();
		} catch {
			json = null;
		}
		return { status: response.status, ok: response.ok, json };
	}

	function setPaying(on, message) {
		paying = on;
		form.setAttribute("aria-busy", on ? "true" : "false");
		payButton.setAttribute("aria-disabled", on ? "true" : "false");
		payButton.textContent = on ? "Paying…" : "Pay";
		if (message) show("info", [element("p", {}, [message])]);
	}

	function show(tone, children) {
		result.replaceChildren(element("div", { class: `notice notice-${tone}` }, children));
		result.scrollIntoView({ block: "nearest" });
	}

	function clearFieldErrors() {
		for (const node of form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
	}

	/** The form control a REST parameter names (the longest data-param that prefixes it). */
	function controlOf(param) {
		let best = null;
		for (const node of form.querySelectorAll("[data-param]")) {
			const name = node.dataset.param;
			if (
				(param === name || param.startsWith(`${name}.`)) &&
				(!best || name.length > best.dataset.param.length)
			)
				best = node;
		}
		return best;
	}

	function labelOf(control) {
		return document.querySelector(`label[for="${control.id}"]`)?.textContent ?? control.id;
	}

	/** An error summary whose items lead to their fields, and the fields marked invalid. */
	function showFieldErrors(params) {
		clearFieldErrors();
		const items = Object.entries(params).map(([param, message]) => {
			const control = controlOf(param);
			if (!control) return element("li", {}, [String(message)]);
			control.setAttribute("aria-invalid", "true");
			const said = String(message).startsWith(param)
				? `${labelOf(control)}${String(message).slice(param.length)}`
				: String(message);
			return element("li", {}, [element("a", { href: `#${control.id}` }, [said])]);
		});
		show("error", [
			element("p", {}, [element("strong", {}, ["The payment was not sent. Check these fields:"])]),
			element("ul", {}, items),
		]);
	}

	function detailsLink(intent) {
		return element("p", {}, [
			element("a", { href: `${DETAILS_URL}${encodeURIComponent(intent.id)}` }, ["View payment details"]),
		]);
	}

	const TONES = {
		paid: "success",
		authorized: "success",
		fraud_outcome_review: "warning",
	};

	/** The charge's derived status, as the payment details screen shows it. */
	async function displayStatusOf(intent) {
		if (!intent.charge) return intent.status;
		try {
			const answer = await rest("GET", `/charges/${encodeURIComponent(intent.charge.id)}`);
			if (answer.ok && answer.json?.display_status) return answer.json.display_status;
		} catch {
			// The intent's own status still says what happened.
		}
		return intent.status;
	}

	function labelOfStatus(status) {
		const label = statusLabels[status];
		if (label) return label;
		const words = String(status).replace(/_/g, " ");
		return words.charAt(0).toUpperCase() + words.slice(1);
	}

	async function showOutcome(intent, decline) {
		const status = await displayStatusOf(intent);
		const rule = intent.charge?.outcome?.rule;
		const lines = [
			element("p", { class: "paydesk-result__title" }, [
				element("strong", {}, [labelOfStatus(status)]),
				` · ${formatMoney(intent.amount, intent.currency)} · Order #${intent.order.number}`,
			]),
		];
		if (decline) {
			lines.push(element("p", {}, [decline.message]));
			if (decline.decline_code) lines.push(element("p", {}, [`Decline code: ${decline.decline_code}`]));
		} else if (status === "fraud_outcome_block" || status === "fraud_outcome_review") {
			const verb = status === "fraud_outcome_block" ? "blocked the payment" : "held the payment for review";
			lines.push(element("p", {}, [`Your fraud protection rules ${verb}.`]));
			if (rule) lines.push(element("p", {}, [`Rule: ${ruleNames[rule] ?? rule}`]));
		} else if (status === "authorized") {
			lines.push(element("p", {}, ["Capture it from its payment details within 7 days."]));
		}
		lines.push(detailsLink(intent));
		show(TONES[status] ?? "error", lines);
	}

	/** What an answer of the intake API means for the customer. */
	async function handleAnswer(answer) {
		const body = answer.json ?? {};
		if (answer.ok && body.status === "requires_action" && body.next_action?.redirect_url) {
			show("info", [element("p", {}, ["Your bank asks for 3-D Secure authentication. Taking you there…"])]);
			window.location.assign(body.next_action.redirect_url);
			return true;
		}
		if (answer.ok && body.object === "payment_intent") {
			await showOutcome(body, null);
		} else if (answer.status === 402 && body.data?.payment_intent) {
			await showOutcome(body.data.payment_intent, {
				message: body.message,
				decline_code: body.data.decline_code ?? null,
			});
		} else if (body.code === "rest_invalid_param" && body.data?.params) {
			showFieldErrors(body.data.params);
		} else if (answer.status === 401 || body.code === "rest_cookie_invalid_nonce") {
			show("error", [element("p", {}, ["Your session has expired. Reload the page and log in again."])]);
		} else {
			show("error", [
				element("p", {}, [body.message ?? `The payment could not be taken (HTTP ${answer.status}).`]),
			]);
		}
		return false;
	}

	form.addEventListener("submit", async (event) => {
		event.preventDefault();
		if (paying) return;
		clearFieldErrors();
		const built = order();
		if (built.errors) {
			showFieldErrors(built.errors);
			return;
		}
		const fingerprint = JSON.stringify(built.body);
		if (!pending || pending.fingerprint !== fingerprint) pending = { key: newKey(), fingerprint };
		setPaying(true, "Paying…");
		let leaving = false;
		try {
			const answer = await rest("POST", "/payment_intents", built.body, { "Idempotency-Key": pending.key });
			pending = null;
			leaving = await handleAnswer(answer);
		} catch {
			show("error", [
				element("p", {}, [
					"The payment could not be sent. Check your connection and press Pay again: it retries the same payment, which is never taken twice.",
				]),
			]);
		} finally {
			if (!leaving) setPaying(false);
		}
	});

	/** Back from the 3-D Secure page: finish the payment the customer authenticated (or not). */
	async function confirmReturn(intentId) {
		window.history.replaceState(null, "", window.location.pathname);
		setPaying(true, "Finishing the payment…");
		try {
			await handleAnswer(await rest("POST", `/payment_intents/${encodeURIComponent(intentId)}/confirm`, {}));
		} catch {
			show("error", [element("p", {}, ["The payment could not be finished. Reload the page to try again."])]);
		} finally {
			setPaying(false);
		}
	}

	for (const button of document.querySelectorAll("[data-card-number]")) {
		button.addEventListener("click", () => {
			cardNumber.value = button.dataset.cardNumber ?? "";
			cardNumber.removeAttribute("aria-invalid");
			cardNumber.focus();
		});
	}

	const showShipping = () => {
		shipping.hidden = !shipDifferent.checked;
	};
	shipDifferent.addEventListener("change", showShipping);
	showShipping();

	const amountHints = JSON.parse(form.dataset.amountHints ?? "[]");
	input("currency").addEventListener("change", () => {
		const hint = amountHints[decimalsOf(text("currency")) === 0 ? 0 : 1];
		if (hint) input("amount-hint").textContent = hint;
	});

	const returned = new URLSearchParams(window.location.search).get("payment_intent");
	if (returned && /^pi_[A-Za-z0-9_]+$/.test(returned)) void confirmReturn(returned);
})();
