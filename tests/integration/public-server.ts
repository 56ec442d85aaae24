import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { stampClientIp } from "@/server/pipeline/trusted-client-ip";
import { handlePublicRequest, serveCachedPage } from "@/server/public-page/handler";

export interface PublicServer {
  origin: string;
  close(): Promise<void>;
}

/** The visitor-facing handler (public pages, click beacon) on a free local port, as server.ts runs it before Next. */
export async function startPublicServer({ trustProxy = false } = {}): Promise<PublicServer> {
  const server = createServer((request, response) => {
    stampClientIp(request, trustProxy);
    // As the request pipeline does: a cached page first, synchronously.
    if (serveCachedPage(request, response, false)) return;
    // What the visitor paths leave to Next is marked, so a test can tell "served as today" from a 404 of their own.
    void handlePublicRequest(request, response).then((handled) =>
      handled ? undefined : response.writeHead(404, { "x-left-to": "next" }).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
