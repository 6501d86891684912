/* Sandbox partner card payment provider script: the real partner's script would live here. */
window.paydeskSandboxCards = { version: "sandbox", loadedAt: Date.now() };
