/**
 * The financial partner's embedded components, loaded from the partner (the sandbox partner
 * serves its script from this origin: the Content-Security-Policy allows only 'self').
 */
export const PARTNER_SCRIPT = "/sandbox-partner/connect.js";

export interface PartnerError {
	type: string;
	message: string;
}

export interface PartnerOnboardingElement extends HTMLElement {
	setOnExit(handler: () => void): void;
	setOnLoadError(handler: (event: { error: PartnerError }) => void): void;
	setOnLoaderStart(handler: () => void): void;
	destroy?(): void;
}

export interface PartnerConnect {
	create(component: "account-onboarding"): PartnerOnboardingElement;
}

export interface SandboxPartner {
	initConnect(options: {
		publishableKey: string;
		fetchClientSecret: () => Promise<string>;
		locale: string;
	}): PartnerConnect;
}

declare global {
	interface Window {
		PaydeskSandboxPartner?: SandboxPartner;
	}
}

let loading: Promise<SandboxPartner> | null = null;

export function loadPartner(): Promise<SandboxPartner> {
	if (window.PaydeskSandboxPartner) return Promise.resolve(window.PaydeskSandboxPartner);
	loading ??= new Promise<SandboxPartner>((resolve, reject) => {
		const script = document.createElement("script");
		script.src = PARTNER_SCRIPT;
		script.async = true;
		script.onload = () => {
			if (window.PaydeskSandboxPartner) resolve(window.PaydeskSandboxPartner);
			else reject(new Error("The financial partner's verification component could not be loaded."));
		};
		script.onerror = () => {
			loading = null;
			reject(new Error("The financial partner's verification component could not be loaded."));
		};
		document.head.appendChild(script);
	});
	return loading;
}
