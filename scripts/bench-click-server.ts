// The visitor-facing part of server.ts without Next: the same client-IP stamping, the same public
// handler (pages and the click endpoint), the same graceful stop (flush analytics, then close the
// database). bench:clicks starts this by default, so it needs no production build of the app;
// `npm run bench:clicks -- --app` starts server.ts itself instead.
import { createServer } from "node:http";
import { ensureSecrets } from "@/server/config/secrets";
import { prepareDatabase } from "@/server/db/client";
import { stampClientIp } from "@/server/http/trusted-client-ip";
import { handlePublicRequest } from "@/server/public-page/handler";
import { flushAnalytics } from "@/server/services/analytics/ingest";

ensureSecrets();
const database = await prepareDatabase();
const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";
const server = createServer((request, response) => {
  stampClientIp(request, trustProxy);
  handlePublicRequest(request, response)
    .then((handled) => {
      if (!handled) response.writeHead(404).end();
    })
    .catch((error: unknown) => {
      console.error("Request failed:", error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
});
server.listen(Number(process.env.PORT), process.env.HOST || "127.0.0.1", () => console.log("  Ready on (public handler only)"));
process.once("SIGTERM", () => {
  server.close(() => {
    void flushAnalytics()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  server.closeIdleConnections();
});
