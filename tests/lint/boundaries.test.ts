import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
// Type-aware rules need files the TypeScript project knows; the boundaries do not.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ["boundaries/client-imports-no-server", "no-restricted-imports", "no-restricted-properties"].includes(ruleId),
});

async function problems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? "parse"}: ${message.message}`);
}

const cases: { rule: string; file: string; forbidden: string[]; allowed: string[] }[] = [
  {
    rule: "client components import server modules for types only",
    file: "src/components/links/example.tsx",
    forbidden: ['import { db } from "@/server/db/client";', 'import { env } from "../../server/config/env";'],
    allowed: [
      'import type { AppRouter } from "@/server/api/root";',
      'import { type AppRouter } from "@/server/api/root";',
      'import { formatCount } from "@/lib/format";',
    ],
  },
  {
    rule: '"use client" files outside src/components too',
    file: "src/app/(app)/example/client-part.tsx",
    forbidden: ['"use client";\nimport { appRouter } from "@/server/api/root";'],
    allowed: ['"use client";\nimport type { AppRouter } from "@/server/api/root";', 'import { appRouter } from "@/server/api/root";'],
  },
  {
    rule: "server/db imports nothing above it",
    file: "src/server/db/example.ts",
    forbidden: [
      'import { createLink } from "@/server/services/links/create";',
      'import { appRouter } from "@/server/api/root";',
      'import { createLink } from "../services/links/create";',
      'import { Button } from "@/components/ui/button";',
    ],
    allowed: [
      'import { env } from "@/server/config/env";',
      'import { applyMigrations } from "./migrate";',
      'import { PrismaClient } from "@/generated/prisma/client";',
    ],
  },
  {
    rule: "nothing below the request pipeline imports it",
    file: "src/server/public-page/example.ts",
    forbidden: [
      'import { createAppServer } from "@/server/pipeline/request-pipeline";',
      'import { bodyLimitFor } from "../pipeline/body-limits";',
    ],
    allowed: [
      'import { CLIENT_IP_HEADER } from "@/server/http/client-ip";',
      'import { recordClick } from "@/server/services/analytics/ingest";',
    ],
  },
  {
    rule: "the pipeline imports the layers it dispatches to",
    file: "src/server/pipeline/example.ts",
    forbidden: [],
    allowed: ['import { handlePublicRequest } from "@/server/public-page/handler";', 'import { guardBody } from "./body-guard";'],
  },
  {
    rule: "server/http imports nothing above it",
    file: "src/server/http/example.ts",
    forbidden: [
      'import { operations } from "@/server/rest/operations";',
      'import { clickLinkId } from "@/server/public-page/routes";',
      'import { requestPipeline } from "@/server/pipeline/request-pipeline";',
      'import { appRouter } from "../api/root";',
    ],
    allowed: ['import { env } from "@/server/config/env";', 'import { CLIENT_IP_HEADER } from "./client-ip";'],
  },
  {
    rule: "services import no React and no Next",
    file: "src/server/services/links/example.ts",
    forbidden: [
      'import { useState } from "react";',
      'import { headers } from "next/headers";',
      'import { signIn } from "next-auth/react";',
      'import { renderToString } from "react-dom/server";',
      'import { createAppServer } from "@/server/pipeline/request-pipeline";',
    ],
    allowed: ['import { db } from "@/server/db/client";', 'import { z } from "zod";'],
  },
  {
    rule: "routers import services, not Prisma",
    file: "src/server/api/routers/example.ts",
    forbidden: [
      'import { db } from "@/server/db/client";',
      'import type { PrismaClient } from "@/generated/prisma/client";',
      'import { Prisma } from "@prisma/client";',
      'import { bodyLimitFor } from "../../pipeline/body-limits";',
    ],
    allowed: ['import { createLink } from "@/server/services/links/create";', 'import { protectedProcedure } from "../trpc";'],
  },
  {
    rule: "only the environment module reads process.env",
    file: "src/server/services/links/example.ts",
    forbidden: ["export const origin = process.env.APP_URL;"],
    allowed: ['import { env } from "@/server/config/env";\nexport const origin = env.APP_URL;'],
  },
  {
    rule: "the environment module itself may read process.env",
    file: "src/server/config/env.ts",
    forbidden: [],
    allowed: ["export const origin = process.env.APP_URL;"],
  },
];

describe("lint: layer boundaries", () => {
  for (const { rule, file, forbidden, allowed } of cases) {
    describe(rule, () => {
      for (const code of forbidden) {
        it(`reports ${code}`, async () => {
          const found = await problems(code, file);
          expect(found).toHaveLength(1);
          expect(found[0]).toMatch(/^(boundaries\/client-imports-no-server|no-restricted-imports|no-restricted-properties): .+ .+/);
        });
      }
      for (const code of allowed) {
        it(`allows ${code}`, async () => {
          expect(await problems(code, file)).toEqual([]);
        });
      }
    });
  }
});
