// bench:clicks starts this by default, so it needs no production build of the app;
// `npm run bench:clicks -- --app` starts server.ts itself instead.
import { serveVisitors } from "./visitor-server";

await serveVisitors("public handler only");
