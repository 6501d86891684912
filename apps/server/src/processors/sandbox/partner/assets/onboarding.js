/*
 * Runs inside the partner's verification page: tells the embedding page its height, when the
 * form is ready, when the merchant leaves (exit) and when the page cannot be used (load-error).
 */
(() => {
	const SOURCE = "paydesk-sandbox-partner";
	const main = document.querySelector("[data-partner-step]");
	const step = main?.getAttribute("data-partner-step");
	const embedded = window.parent !== window;
	if (embedded) document.body.classList.add("is-embedded");
	const post = (message) => {
		if (embedded) window.parent.postMessage({ source: SOURCE, ...message }, window.location.origin);
	};
	const reportHeight = () => post({ type: "height", height: document.documentElement.scrollHeight });

	if (step === "form") post({ type: "ready" });
	if (step === "done") setTimeout(() => post({ type: "exit" }), 800);
	if (step === "error") {
		post({
			type: "load-error",
			error: { type: main.getAttribute("data-error-type"), message: main.getAttribute("data-error-message") },
		});
	}
	document.querySelector("[data-partner-exit]")?.addEventListener("click", () => {
		if (embedded) post({ type: "exit" });
		else window.history.back();
	});
	document.querySelector("[data-partner-focus]")?.focus();
	reportHeight();
	if ("ResizeObserver" in window) new ResizeObserver(reportHeight).observe(document.body);
})();
