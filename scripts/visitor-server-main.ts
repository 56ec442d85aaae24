// The visitor-facing server alone (scripts/visitor-server.ts: the request pipeline and public
// handler, no Next), for `npm run bench:public -- --server visitors`: what the public page costs
// where Next's global patches are not installed.
import { serveVisitors } from "./visitor-server";

await serveVisitors("visitors only, no Next");
