import "@wordpress/components/build-style/style.css";
import "./app/admin.css";
import "./components/list/list.css";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { loadPartnerScripts } from "./app/partner-scripts.ts";
import { getSettings } from "./app/settings.ts";

const root = document.getElementById("paydesk-root");
if (root) {
	loadPartnerScripts(getSettings());
	createRoot(root).render(<App />);
}
