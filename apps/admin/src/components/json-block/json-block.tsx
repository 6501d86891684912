/**
 * A block of JSON (or text) that scrolls inside its card, laid out two spaces a level: an event,
 * a webhook's request and answer, a request log's parameters and answer. The block is focusable,
 * so the keyboard can scroll it (WCAG 2.1.1), and named by its label or the heading it follows.
 */
import "./json-block.css";

/** JSON laid out two spaces a level, and whether it parsed; text that is not JSON as it is. */
export function indentJson(text: string): { text: string; whole: boolean } {
	try {
		return { text: JSON.stringify(JSON.parse(text), null, 2), whole: true };
	} catch {
		return { text, whole: false };
	}
}

export function JsonBlock(props: { text: string } & ({ label: string } | { labelledBy: string })) {
	return (
		<section
			className="paydesk-json-block"
			// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard to scroll it
			tabIndex={0}
			{...("label" in props ? { "aria-label": props.label } : { "aria-labelledby": props.labelledBy })}
		>
			<pre>{props.text}</pre>
		</section>
	);
}
