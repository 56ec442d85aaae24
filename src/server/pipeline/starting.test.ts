import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { holdUntilReady } from "./starting";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe("between taking the port and being ready", () => {
  it("answers /healthz 200 and everything else 503 (readiness: starting), then hands every request to the app", async () => {
    server = createServer((_request, response) => response.writeHead(200).end("app"));
    const ready = holdUntilReady(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const readiness = await fetch(`${base}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: "starting", checks: {} });
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");

    ready();
    const served = await fetch(`${base}/login`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("app");
  });
});
