import { Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { Component, type ErrorInfo, type ReactNode } from "react";

/** A screen that throws shows the product's message instead of a blank page. */
export class ErrorBoundary extends Component<
	{ children: ReactNode; resetKey?: string },
	{ error: Error | null }
> {
	override state = { error: null as Error | null };

	static getDerivedStateFromError(error: Error) {
		return { error };
	}

	override componentDidCatch(error: Error, info: ErrorInfo) {
		console.error(error, info.componentStack);
	}

	override componentDidUpdate(previous: { resetKey?: string }) {
		if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
	}

	override render() {
		if (this.state.error) {
			return (
				<Notice status="error" isDismissible={false}>
					{__(
						"There was an error rendering this view. Please contact support for assistance if the problem persists.",
						"paydesk",
					)}
				</Notice>
			);
		}
		return this.props.children;
	}
}
