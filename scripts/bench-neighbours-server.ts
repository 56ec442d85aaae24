// The visitor-facing part of server.ts without Next (scripts/visitor-server.ts), plus an
// editor inside the same process for `bench:neighbours`: on a message from the
// benchmark it makes `rate` writes a second as one creator, through the same tRPC procedures the app
// calls, either to that creator's links (their page changes) or to their settings (no page changes).
import { createCaller } from "@/server/api/root";
import { serveVisitors } from "./visitor-server";

export interface EditorCommand {
  edit: "links" | "settings" | "none";
  userId: string;
  linkIds: string[];
  rate: number;
}

let editor: NodeJS.Timeout | null = null;
let writes = 0;

function startEditing(command: EditorCommand): void {
  if (editor) clearInterval(editor);
  editor = null;
  writes = 0;
  if (command.edit === "none") return;
  const caller = createCaller({
    db: database.prisma,
    sql: database.sql,
    userId: command.userId,
    clientIp: "127.0.0.1",
    headers: new Headers(),
  });
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

const { database } = await serveVisitors("public handler and editor", () => {
  if (editor) clearInterval(editor);
});
