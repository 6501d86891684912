/**
 * The weight of the first screen: npx tsx bench/src/first-screen.ts
 *   [--transactions 2000] [--no-readme]
 * Measures the build in apps/admin/dist as it is (run `npm run build` first; this builds
 * nothing; ADMIN_DIST names another build folder). A real server process on a fresh data folder with a small demo store; Chromium
 * opens /wp-login.php, logs in, lands on the overview and waits for the network to go idle.
 * Every JS and CSS response on the way is counted, gzipped as the wire would carry it. Then
 * every chunk of the build is sized, each route's own chunk and what opening the route adds to
 * the first screen. Figures go under "First screen" in bench/README.md.
 * Targets: the first screen 200 kB gzip or less, React included; every chunk 60 kB or less.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "playwright-core";
import { machine, ROOT, writeReadmeSection } from "./measure.ts";
import { startServer } from "./server-process.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const TRANSACTIONS = Number(flag("transactions") ?? 2000);
const PASSWORD = "bench-first-screen-password";
const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";
/** The build to measure; ADMIN_DIST (as the server reads it) points at another one. */
const DIST = process.env.ADMIN_DIST ?? path.join(ROOT, "apps/admin/dist");
const ASSETS_PREFIX = "/wp-content/plugins/paydesk/dist/";
/** The first screen's budgets, in kB of 1,000 bytes as Vite prints them. */
const FIRST_SCREEN_BUDGET = 200_000;
const CHUNK_BUDGET = 60_000;
const CHROMIUM_ARGS = [
	"--no-sandbox",
	"--headless",
	"--disable-gpu",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--no-first-run",
	"--disable-dev-shm-usage",
];

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** A build file without its content hash, so the README does not change with every build. */
const unhashed = (name: string) => name.replace(/-[\w-]{8}\.(js|css)$/, "-[hash].$1");

interface Asset {
	/** The path of the response, without the assets prefix of the build. */
	name: string;
	kind: "JS" | "CSS";
	raw: number;
	gzip: number;
	/** The server compressed it (then gzip is what came over the wire). */
	compressed: boolean;
}

async function sizeResponse(response: Response): Promise<Asset | null> {
	const type = response.headers()["content-type"] ?? "";
	const kind = type.includes("javascript") ? "JS" : type.includes("text/css") ? "CSS" : null;
	if (!kind || response.status() !== 200) return null;
	const body = await response.body();
	const encoding = response.headers()["content-encoding"];
	const compressed = encoding !== undefined && encoding !== "identity";
	const gzip = compressed ? (await response.request().sizes()).responseBodySize : gzipSize(body);
	const name = new URL(response.url()).pathname.replace(ASSETS_PREFIX, "");
	return { name, kind, raw: body.length, gzip, compressed };
}

/** Login → overview in a fresh browser (empty cache); every JS and CSS response, once. */
async function loadFirstScreen(base: string): Promise<Asset[]> {
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
		args: CHROMIUM_ARGS,
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
		const sized: Promise<Asset | null>[] = [];
		page.on("response", (response) => sized.push(sizeResponse(response)));
		await page.goto(`${base}/wp-login.php?redirect_to=${encodeURIComponent(OVERVIEW)}`);
		await page.getByLabel("Username or Email Address").fill("admin");
		await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
		await page.getByRole("button", { name: "Log In" }).click();
		await page.waitForURL(/path=\/payments\/overview/);
		await page.getByTestId("balance-available").waitFor();
		// The parts below the balance come a frame later, some with chunks of their own.
		await page.waitForLoadState("networkidle");
		const assets = (await Promise.all(sized)).filter((asset): asset is Asset => asset !== null);
		return [...new Map(assets.map((asset) => [asset.name, asset])).values()];
	} finally {
		await browser.close();
	}
}

interface ManifestChunk {
	file: string;
	src?: string;
	isEntry?: boolean;
	isDynamicEntry?: boolean;
	imports?: string[];
	css?: string[];
}

/** Every file a chunk of the manifest loads with it: itself, its static imports, their CSS. */
function closure(
	manifest: Record<string, ManifestChunk>,
	key: string,
	into = new Set<string>(),
): Set<string> {
	const chunk = manifest[key];
	if (!chunk || into.has(chunk.file)) return into;
	into.add(chunk.file);
	for (const css of chunk.css ?? []) into.add(css);
	for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
	return into;
}

interface RouteChunk {
	screen: string;
	own: number;
	adds: number;
}

/**
 * Each route's screen (a dynamic entry of the build): its own chunk, and what opening it
 * loads beyond the first screen (its chunk, the shared chunks it imports, their CSS).
 */
function routeChunks(sizes: Map<string, number>, firstScreen: Set<string>): RouteChunk[] {
	const file = path.join(DIST, ".vite", "manifest.json");
	if (!existsSync(file)) return [];
	const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
	return Object.entries(manifest)
		.filter(([, chunk]) => chunk.isDynamicEntry && chunk.src?.endsWith("-screen.tsx"))
		.map(([key, chunk]) => {
			const adds = [...closure(manifest, key)].filter((name) => !firstScreen.has(name));
			return {
				screen: path.basename(chunk.src ?? key, ".tsx"),
				own: sizes.get(chunk.file) ?? 0,
				adds: adds.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0),
			};
		})
		.sort((a, b) => b.adds - a.adds);
}

/** gzip size of every JS and CSS file of the build, by its path under dist. */
function buildSizes(): Map<string, number> {
	const sizes = new Map<string, number>();
	for (const name of readdirSync(path.join(DIST, "assets"))) {
		if (/\.(js|css)$/.test(name))
			sizes.set(`assets/${name}`, gzipSize(readFileSync(path.join(DIST, "assets", name))));
	}
	return sizes;
}

function markdown(assets: Asset[], sizes: Map<string, number>, routes: RouteChunk[]): string {
	const sum = (list: Asset[], key: "raw" | "gzip") => list.reduce((total, asset) => total + asset[key], 0);
	const js = assets.filter((asset) => asset.kind === "JS");
	const css = assets.filter((asset) => asset.kind === "CSS");
	const total = sum(assets, "gzip");
	const compressed = assets.some((asset) => asset.compressed);
	const largest = [...assets].sort((a, b) => b.gzip - a.gzip).slice(0, 8);
	const over = [...sizes].filter(([, size]) => size > CHUNK_BUDGET).sort((a, b) => b[1] - a[1]);
	const today = new Date().toISOString().slice(0, 10);
	return [
		"## First screen",
		"",
		`\`npx tsx bench/src/first-screen.ts\` — the build in apps/admin/dist (\`npm run build\`), served by a`,
		`server process on a ${TRANSACTIONS.toLocaleString("en-US")}-transaction demo store; Chromium opens /wp-login.php, logs in and`,
		`lands on the overview, then waits for the network to go idle; ${machine()}, measured ${today}.`,
		compressed
			? "Sizes are as the server sent them (compressed)."
			: "The server sends assets uncompressed, so each JS and CSS response body is gzipped here with zlib at level 9.",
		"kB are 1,000 bytes. Targets: the first screen 200 kB gzip or less, React included;",
		"each chunk 60 kB or less.",
		"",
		"| First screen (login → overview) | files | raw | gzip |",
		"|---|---:|---:|---:|",
		`| JS | ${js.length} | ${kB(sum(js, "raw"))} | ${kB(sum(js, "gzip"))} |`,
		`| CSS | ${css.length} | ${kB(sum(css, "raw"))} | ${kB(sum(css, "gzip"))} |`,
		`| **Total** | ${assets.length} | ${kB(sum(assets, "raw"))} | **${kB(total)}** ${total <= FIRST_SCREEN_BUDGET ? "✓" : "✗ over 200 kB"} |`,
		"",
		"| Largest files of the first screen | raw | gzip |",
		"|---|---:|---:|",
		...largest.map((asset) => `| \`${unhashed(asset.name)}\` | ${kB(asset.raw)} | ${kB(asset.gzip)} |`),
		"",
		`| Route (screen chunk) | own chunk, gzip | opening it adds, gzip |`,
		"|---|---:|---:|",
		...routes.map(
			(route) =>
				`| ${route.screen} | ${kB(route.own)}${route.own > CHUNK_BUDGET ? " ✗" : ""} | ${kB(route.adds)} |`,
		),
		"",
		over.length === 0
			? `- No chunk of the build is above 60 kB gzip (largest: ${kB(Math.max(...sizes.values()))}; ${sizes.size} JS and CSS files).`
			: `- Chunks above 60 kB gzip: ${over.map(([name, size]) => `\`${unhashed(name)}\` ${kB(size)}`).join(", ")}.`,
		...(over.some(([name]) => name.startsWith("assets/react-"))
			? [
					"- The react chunk (apps/admin/vite.config.ts) is React's runtime: react-dom's client build alone is",
					"  one module of some 64 kB gzip, which no chunking can split.",
				]
			: []),
		'- "Opening it adds" counts the route\'s chunk, the shared chunks it imports and their CSS that the',
		"  first screen did not load already.",
	].join("\n");
}

if (!existsSync(path.join(DIST, "index.html"))) {
	process.stderr.write("apps/admin/dist is missing: run `npm run build` first.\n");
	process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-bench-first-screen-"));
try {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		DATA_DIR: dataDir,
		SEED_TRANSACTIONS: String(TRANSACTIONS),
		ADMIN_USER: "admin",
		ADMIN_PASSWORD: PASSWORD,
		ADMIN_DIST: DIST,
	};
	delete env.DATABASE_URL;
	const { url, child } = await startServer(env);
	let assets: Asset[];
	try {
		assets = await loadFirstScreen(url);
	} finally {
		child.kill("SIGTERM");
	}
	const sizes = buildSizes();
	const routes = routeChunks(sizes, new Set(assets.map((asset) => asset.name)));
	process.stdout.write("First screen, gzip:\n");
	for (const asset of [...assets].sort((a, b) => b.gzip - a.gzip))
		process.stdout.write(`${kB(asset.gzip).padStart(9)}  ${asset.name}\n`);
	process.stdout.write("\nEvery JS and CSS file of the build, gzip:\n");
	for (const [name, size] of [...sizes].sort((a, b) => b[1] - a[1]))
		process.stdout.write(`${kB(size).padStart(9)}  ${name}${size > CHUNK_BUDGET ? "  ✗ above 60 kB" : ""}\n`);
	const text = markdown(assets, sizes, routes);
	process.stdout.write(`\n${text}\n`);
	if (!argv.includes("--no-readme")) {
		writeReadmeSection("first-screen", text);
		process.stdout.write("bench/README.md updated (First screen)\n");
	}
} finally {
	rmSync(dataDir, { recursive: true, force: true });
}
