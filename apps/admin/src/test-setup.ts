import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
	cleanup();
	window.history.replaceState(null, "", "/");
	// Test files share their worker's document (vitest.config.ts): what WordPress's a11y module
	// said in its live regions would otherwise be found again by the next file's queries.
	for (const region of document.querySelectorAll(".a11y-speak-region")) region.textContent = "";
});
