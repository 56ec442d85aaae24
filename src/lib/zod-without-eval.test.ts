import { describe, expect, it } from "vitest";
import { turnOffZodEvalProbe } from "./zod-without-eval";

describe("turnOffZodEvalProbe", () => {
  it("sets zod's jitless setting without importing zod first", async () => {
    turnOffZodEvalProbe();
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
