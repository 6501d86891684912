import base from "./playwright.config.ts";
export default { ...base, webServer: undefined, reporter: [["list"]], outputDir: "../.tmp/disputes-dry", use: { ...base.use, baseURL: "http://127.0.0.1:8391", storageState: "../.tmp/disputes-dry-admin.json" } };
