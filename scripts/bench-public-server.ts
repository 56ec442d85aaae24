// The visitor-facing part of server.ts without Next (as scripts/bench-click-server.ts), plus an
// editor inside the same process for `bench:public -- --noisy-neighbour`: on a message from the
// benchmark it makes `rate` writes a second as one creator, through the same tRPC procedures the app
// calls, either to that creator's links (their page changes) or to their settings (no page changes).
import { createServer } from "node:http";
import { createCaller } from "@/server/api/root";
import { ensureSecrets } from "@/server/config/secrets";
import { prepareDatabase } from "@/server/db/client";
import { stampClientIp } from "@/server/http/trusted-client-ip";
import { handlePublicRequest } from "@/server/public-page/handler";
import { flushAnalytics } from "@/server/services/analytics/ingest";

export interface EditorCommand {
  edit: "links" | "settings" | "none";
  userId: string;
  linkIds: string[];
  rate: number;
}

ensureSecrets();
const database = await prepareDatabase();
const server = createServer((request, response) => {
  stampClientIp(request, false);
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

let editor: NodeJS.Timeout | null = null;
let writes = 0;

function startEditing(command: EditorCommand): void {
  if (editor) clearInterval(editor);
  editor = null;
  writes = 0;
  if (command.edit === "none") return;
  const caller = createCaller({ db: database.prisma, sql: database.sql, userId: command.userId, clientIp: "127.0.0.1", headers: new Headers() });
  let busy = false;
  editor = setInterval(() => {
    if (busy) return; // a slow write delays the next one instead of piling up
    busy = true;
    const n = writes;
    const write =
      command.edit === "links"
        ? caller.link.update({ id: command.linkIds[n % command.linkIds.length]!, data: { title: `Edited link ${n}` } })
        : caller.settings.update({
            email_notifications: n % 2 === 0,
            link_click_notifications: true,
            profile_view_notifications: true,
            monthly_report: false,
            two_factor_enabled: false,
          });
    write
      .then(() => (writes += 1))
      .catch((error: unknown) => console.error("Edit failed:", error))
      .finally(() => (busy = false));
  }, 1000 / command.rate);
}

process.on("message", (message: EditorCommand | "count") => {
  if (message === "count") process.send?.({ writes });
  else startEditing(message);
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("  Ready on (public handler and editor)"));
process.once("SIGTERM", () => {
  if (editor) clearInterval(editor);
  server.close(() => {
    void flushAnalytics()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  server.closeIdleConnections();
});
