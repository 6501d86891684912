import "@wordpress/components/build-style/style.css";
import "./app/admin.css";
import "./components/list/list.css";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { loadPartnerScripts } from "./app/partner-scripts.ts";
import { getSettings } from "./app/settings.ts";
import { loadTranslations } from "./app/translations.ts";

const root = document.getElementById("paydesk-root");
if (root) {
	const settings = getSettings();
	loadPartnerScripts(settings);
	// The first render is already in the user's language; in English if its catalogue cannot load.
	void loadTranslations(settings.locale.code)
		.catch(() => null)
		.finally(() => createRoot(root).render(<App />));
}
