import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

function loadedBy(file: string): string[] {
  const output = execFileSync(process.execPath, ["--import", "tsx", "tests/module-loads/list.mjs", file], { cwd: root, encoding: "utf8" });
  return JSON.parse(output.trim().split("\n").at(-1)!) as string[];
}

describe("the request pipeline on a visitor's path", () => {
  it("loads no router, REST table or Next when it is imported: the procedures' body limits are read on the first API call", () => {
    const loaded = loadedBy("src/server/pipeline/request-pipeline.ts");
    expect(loaded).toContain("src/server/public-page/handler.ts");
    expect(loaded.filter((file) => /^src\/(server\/api\/|server\/rest\/(operations|match|handler)|app\/)/.test(file))).toEqual([]);
  });
});
