// Bundles viewer.js with three.js and fflate into one minified IIFE script,
// ../assets/vendor/viewer.js, which wolfe-view embeds in every view.html (include_str!), and
// copies the licenses beside it. Run `npm ci && npm run build` after editing viewer.js
// and commit the assets: cargo builds need no npm.
import { build } from "esbuild";
import { copyFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const assets = join(here, "..", "assets", "vendor");
const outfile = process.argv[2] || join(assets, "viewer.js");

await build({
  entryPoints: [join(here, "viewer.js")],
  bundle: true,
  format: "iife",
  minify: true,
  target: "es2020",
  legalComments: "eof",
  outfile,
  logLevel: "warning",
});
if (!process.argv[2]) {
  copyFileSync(join(here, "node_modules/three/LICENSE"), join(assets, "THREE-LICENSE"));
  copyFileSync(join(here, "node_modules/fflate/LICENSE"), join(assets, "FFLATE-LICENSE"));
}
