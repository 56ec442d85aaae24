import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  headers: IncomingMessage["headers"];
  body: string;
}

export interface WebhookReceiver {
  url: string;
  /** `host:port`, as WEBHOOK_ALLOWED_PRIVATE_HOSTS names it. */
  hostPort: string;
  received: ReceivedDelivery[];
  /** Answers to give, in order; 200 once they run out. "hang" never answers. */
  answers: (number | "hang" | { redirect: string })[];
  close(): Promise<void>;
}

/** A local receiver of webhook deliveries: records each request and answers as told. */
export async function startReceiver(): Promise<WebhookReceiver> {
  const hanging: ServerResponse[] = [];
  const receiver = { received: [] as ReceivedDelivery[], answers: [] as WebhookReceiver["answers"] };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      const answer = receiver.answers.shift() ?? 200;
      if (answer === "hang") hanging.push(response);
      else if (typeof answer === "object") response.writeHead(302, { location: answer.redirect }).end();
      else response.writeHead(answer, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(receiver, {
    url: `http://${hostPort}/hooks`,
    hostPort,
    close: () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
