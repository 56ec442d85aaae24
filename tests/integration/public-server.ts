import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { stampClientIp } from "@/server/pipeline/trusted-client-ip";
import { handlePublicRequest } from "@/server/public-page/handler";

export interface PublicServer {
  origin: string;
  close(): Promise<void>;
}

/** The visitor-facing handler (public pages, click beacon) on a free local port, as server.ts runs it before Next. */
export async function startPublicServer({ trustProxy = false } = {}): Promise<PublicServer> {
  const server = createServer((request, response) => {
    stampClientIp(request, trustProxy);
    void handlePublicRequest(request, response).then((handled) => (handled ? undefined : response.writeHead(404).end()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
