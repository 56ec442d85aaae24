// An instance for the webhook kill -9 test: opens the embedded database in the folder named by its first
// argument, adds an account with a webhook to the receiver named by the second, runs the delivery
// worker, accepts a link change and says "accepted <event owner id>", then waits to be killed.
import { createDatabase } from "../../../src/server/db/client";
import { applyMigrations } from "../../../src/server/db/migrate";
import { createLink } from "../../../src/server/services/links/links";
import { startWebhookWorker } from "../../../src/server/services/webhooks/delivery";
import { createWebhook } from "../../../src/server/services/webhooks/webhooks";

const [dataDir, receiverUrl] = process.argv.slice(2) as [string, string];
const database = createDatabase({ pglitePath: `${dataDir}/pglite` });
await applyMigrations(database.sql);
const db = database.prisma;
const user = await db.user.create({ data: { email: `killed-${Date.now()}@example.com` } });
await db.profile.create({ data: { user_id: user.id, slug: `killed_${Date.now()}`, is_primary: true } });
const webhook = await createWebhook(db, user.id, { url: receiverUrl, events: ["link.created"] });
startWebhookWorker(db, 50);
await createLink(db, user.id, { title: "Accepted before the crash", url: "example.com" });
process.stdout.write(`accepted ${webhook.id} ${webhook.secret}\n`);
setInterval(() => undefined, 60_000);
