import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
	base: "/wp-content/plugins/paydesk/dist/",
	plugins: [react()],
	build: {
		outDir: "dist",
		emptyOutDir: true,
		sourcemap: false,
		chunkSizeWarningLimit: 700,
	},
	server: {
		proxy: {
			"/wp-json": "http://localhost:8080",
			"/wp-login.php": "http://localhost:8080",
		},
	},
});
