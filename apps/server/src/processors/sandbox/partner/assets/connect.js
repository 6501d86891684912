/*
 * The sandbox partner's embedded components loader. A store's admin loads this script from the
 * partner, then: PaydeskSandboxPartner.initConnect({ publishableKey, fetchClientSecret, locale })
 * .create("account-onboarding") gives an element to place on the page. The element shows the
 * partner's verification form in a frame and reports back through setOnExit, setOnLoadError
 * and setOnLoaderStart.
 */
(() => {
	const ORIGIN = window.location.origin;
	const SOURCE = "paydesk-sandbox-partner";
	const TAG = "account-onboarding";

	function createOnboarding(options) {
		const element = document.createElement("div");
		element.className = "sandbox-partner-embed";
		const handlers = { exit: null, loadError: null, loaderStart: null };
		let frame = null;
		element.setOnExit = (handler) => {
			handlers.exit = handler;
		};
		element.setOnLoadError = (handler) => {
			handlers.loadError = handler;
		};
		element.setOnLoaderStart = (handler) => {
			handlers.loaderStart = handler;
		};
		const fail = (type, message) => handlers.loadError?.({ error: { type, message }, elementTagName: TAG });

		const onMessage = (event) => {
			if (!frame || event.source !== frame.contentWindow || event.origin !== ORIGIN) return;
			const data = event.data;
			if (!data || data.source !== SOURCE) return;
			if (data.type === "height") frame.style.height = `${Math.max(240, Number(data.height) || 0)}px`;
			else if (data.type === "ready") handlers.loaderStart?.({ elementTagName: TAG });
			else if (data.type === "exit") handlers.exit?.();
			else if (data.type === "load-error")
				fail(data.error?.type || "api_error", data.error?.message || "The verification step could not load.");
		};
		window.addEventListener("message", onMessage);
		element.destroy = () => window.removeEventListener("message", onMessage);

		// Starts once the host had a chance to attach its handlers.
		setTimeout(async () => {
			// Like a real partner, live onboarding needs a secure page (localhost counts as one).
			if (options.publishableKey.startsWith("pk_live_") && !window.isSecureContext) {
				fail("invalid_request_error", "Live accounts can only be onboarded from a page served over HTTPS.");
				return;
			}
			let secret;
			try {
				secret = await options.fetchClientSecret();
			} catch (error) {
				fail("api_connection_error", error?.message || "The verification session could not be started.");
				return;
			}
			frame = document.createElement("iframe");
			frame.title = "Identity verification";
			frame.className = "sandbox-partner-frame";
			frame.style.cssText = "display:block;width:100%;min-height:240px;height:640px;border:0;";
			const query = new URLSearchParams({ session: secret, locale: options.locale || "en-US" });
			frame.src = `/sandbox-partner/onboarding?${query.toString()}`;
			element.appendChild(frame);
		}, 0);
		return element;
	}

	window.PaydeskSandboxPartner = {
		version: 1,
		initConnect(options) {
			if (!options || typeof options.publishableKey !== "string" || options.publishableKey === "") {
				throw new Error("A publishable key is required.");
			}
			return {
				create(component) {
					if (component === TAG) return createOnboarding(options);
					throw new Error(`Unknown component: ${component}`);
				},
			};
		},
	};
	window.dispatchEvent(new Event("paydesk-sandbox-partner:ready"));
})();
