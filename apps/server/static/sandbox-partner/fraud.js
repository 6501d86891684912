/* Sandbox partner fraud-prevention beacon: records that the admin loaded it, sends nothing. */
window.paydeskSandboxFraud = { loadedAt: Date.now() };
