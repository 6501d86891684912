/**
 * The connect incentive (spec 1 §2.1, §5): its description HTML keeps only a, b, em, i, strong,
 * p and br. The HTML is parsed, never injected: allowed elements become React elements, text
 * stays text, everything else is dropped (a script's content included).
 */
import type { ConnectIncentive } from "@paydesk/contract/connect";
import { isIncentiveTagAllowed, isSafeIncentiveHref } from "@paydesk/domain/connect";
import { Card, CardBody, ExternalLink } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { createElement, type ReactNode } from "react";

const DROPPED_WITH_CONTENT = new Set(["script", "style", "template", "iframe", "object", "noscript"]);

function toReact(node: Node, key: string): ReactNode {
	if (node.nodeType === Node.TEXT_NODE) return node.textContent;
	if (node.nodeType !== Node.ELEMENT_NODE) return null;
	const element = node as Element;
	const tag = element.tagName.toLowerCase();
	if (DROPPED_WITH_CONTENT.has(tag)) return null;
	const children = Array.from(element.childNodes).map((child, index) => toReact(child, `${key}.${index}`));
	if (!isIncentiveTagAllowed(tag)) return children;
	if (tag === "br") return createElement("br", { key });
	if (tag === "a") {
		const href = element.getAttribute("href") ?? "";
		if (!isSafeIncentiveHref(href)) return children;
		return createElement("a", { key, href, target: "_blank", rel: "noopener noreferrer" }, ...children);
	}
	return createElement(tag, { key }, ...children);
}

export function IncentiveDescription({ html }: { html: string }) {
	const body = new DOMParser().parseFromString(html, "text/html").body;
	return (
		<div className="paydesk-connect__incentive-text">
			{Array.from(body.childNodes).map((node, i) => toReact(node, String(i)))}
		</div>
	);
}

export function Incentive({ incentive }: { incentive: ConnectIncentive }) {
	return (
		<Card className="paydesk-connect__incentive">
			<CardBody>
				<h3>{__("Special offer", "paydesk")}</h3>
				<IncentiveDescription html={incentive.description} />
				{isSafeIncentiveHref(incentive.tc_url) && (
					<p>
						<ExternalLink href={incentive.tc_url}>{__("See terms and conditions", "paydesk")}</ExternalLink>
					</p>
				)}
				<p className="paydesk-connect__incentive-note">
					{__("The offer is applied when you verify your business details.", "paydesk")}
				</p>
			</CardBody>
		</Card>
	);
}
