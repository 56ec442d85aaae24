// Imports the module named on the command line (run under tsx) and prints, as JSON, the repository's
// own files that importing it loaded.
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel } from "node:worker_threads";

const root = path.resolve(import.meta.dirname, "../..");
const loaded = new Set();
const { port1, port2 } = new MessageChannel();
port1.on("message", (url) => loaded.add(url));
register("./hooks.mjs", import.meta.url, { data: { port: port2 }, transferList: [port2] });

await import(pathToFileURL(path.resolve(root, process.argv[2])).href);
// The loader thread's last messages arrive after the import settles.
await new Promise((resolve) => setTimeout(resolve, 100));
port1.close();
const own = [...loaded]
  .filter((url) => url.startsWith(pathToFileURL(root).href) && !url.includes("/node_modules/"))
  .map((url) => path.relative(root, new URL(url).pathname));
console.log(JSON.stringify(own));
