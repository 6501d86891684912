import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor wait up to 5 s rather than 1 s: the suite runs beside the browser journeys on a
// busy 2-core machine, where rendering the whole app and loading a screen's lazy chunk can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
	cleanup();
	window.history.replaceState(null, "", "/");
	// Test files share their worker's document (vitest.config.ts): what WordPress's a11y module
	// said in its live regions would otherwise be found again by the next file's queries.
	for (const region of document.querySelectorAll(".a11y-speak-region")) region.textContent = "";
});
