import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import boundaries from "./eslint/client-server-boundary.mjs";

const TYPE_SCRIPT = ["**/*.ts", "**/*.tsx"];
const ENV_MODULE = "src/server/config/env.ts";

/** no-restricted-imports for one layer: every pattern group carries the rule in words. */
const forbid = (...patterns) => ["error", { patterns }];

/** The top layer: each block below that sets no-restricted-imports for a folder repeats it, since the last block wins. */
const PIPELINE = {
  group: ["@/server/pipeline", "@/server/pipeline/*", "../pipeline", "../pipeline/*", "../../pipeline/*", "../../../pipeline/*"],
  message:
    "src/server/pipeline is the top of the server: the request pipeline that dispatches to the public page, REST and Next. Only server.ts and scripts start it; nothing under it imports it.",
};

export default tseslint.config(
  {
    ignores: [
      "src/generated/**",
      ".next/**",
      ".next-*/**",
      ".data/**",
      "coverage/**",
      "playwright-report/**",
      "test-results/**",
      "next-env.d.ts",
    ],
  },
  // Next registers react, react-hooks, import, jsx-a11y and @next/next; later blocks only add rules.
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    files: TYPE_SCRIPT,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-unused-expressions": "error",
      // Tailwind's preflight removes list markers, and Safari then drops the list role unless it is stated.
      "jsx-a11y/no-redundant-roles": ["error", { ul: ["list"], ol: ["list"] }],
      // Option labels wrap their text in a title and a description span.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    // The public page's only script is plain browser JavaScript, served as written (Next's block gives browser globals).
    files: ["src/server/public-page/client/**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["*.mjs", "eslint/**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Uploads are served by /api/assets at their stored size and the public page is rendered without
    // Next, so next/image's optimizer is never in their path.
    files: ["src/**/*.tsx"],
    rules: { "@next/next/no-img-element": "off" },
  },
  {
    // The public page is static HTML rendered outside Next (src/server/public-page): plain <head> and <a>.
    files: ["src/server/public-page/**", "src/components/profile-page/**"],
    rules: { "@next/next/no-head-element": "off", "@next/next/no-html-link-for-pages": "off" },
  },
  {
    // Scripts and integration tests run no React: a function named use… there is not a hook.
    files: ["scripts/**", "tests/integration/**", "tests/unit/**", "tests/contract/**", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Tests read JSON answers as `any` on purpose: their assertions are the type check.
    files: ["tests/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Assertions in tests stay as written; the rule also misreads `let` variables assigned in loops.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
    },
  },

  // Layers: lower ones never import upper ones.
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { boundaries },
    rules: { "boundaries/client-imports-no-server": "error" },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/pipeline/**"],
    rules: { "no-restricted-imports": forbid(PIPELINE) },
  },
  {
    files: ["src/server/http/**"],
    rules: {
      "no-restricted-imports": forbid({
        group: [
          "@/server/*",
          "!@/server/http",
          "!@/server/http/*",
          "!@/server/config",
          "!@/server/config/env",
          "!@/server/logging",
          "!@/server/logging/logger",
          "../*",
          "!../config/env",
          "!../logging/logger",
          "@/components/*",
          "@/app/*",
          "@/trpc/*",
        ],
        message:
          "src/server/http holds what every layer that speaks HTTP shares (the client address header, the 413 message): it imports nothing above it (the logger aside), so REST, tRPC, auth and the public page can all build on it.",
      }),
    },
  },
  {
    files: ["src/server/db/**"],
    rules: {
      "no-restricted-imports": forbid({
        group: [
          "@/server/*",
          "!@/server/db",
          "!@/server/db/*",
          "!@/server/config",
          "!@/server/config/env",
          "!@/server/logging",
          "!@/server/logging/logger",
          "!@/server/threads",
          "@/server/threads/*",
          "!@/server/threads/bridge",
          "../*",
          "!../config/env",
          "!../logging/logger",
          "@/components/*",
          "@/app/*",
          "@/trpc/*",
        ],
        message:
          "src/server/db imports nothing above it (only src/server/config/env, the logger and the threads' bridge beside it): services, routers, REST, HTTP, auth and pages build on the database, not the other way round. A change the layers above react to is a hook their owner registers.",
      }),
    },
  },
  {
    files: ["src/server/threads/bridge.ts"],
    rules: {
      "no-restricted-imports": forbid({
        group: ["@/*", "../*", "./*"],
        message: "The threads' bridge is a leaf every layer may use (the database's included): it imports nothing of the app.",
      }),
    },
  },
  {
    files: ["src/server/services/**"],
    rules: {
      "no-restricted-imports": forbid(
        {
          group: ["react", "react/*", "react-dom", "react-dom/*", "next", "next/*", "next-auth/react"],
          message: "Services import no React and no Next: business rules run the same under tRPC, REST, scripts and tests.",
        },
        PIPELINE,
      ),
    },
  },
  {
    files: ["src/server/api/routers/**"],
    rules: {
      "no-restricted-imports": forbid(
        {
          group: ["@/server/db", "@/server/db/*", "../../db", "../../db/*", "@/generated/*", "@prisma/*"],
          message:
            "Routers import services, not Prisma or the database: they validate and delegate, services own the rules and the queries.",
        },
        PIPELINE,
      ),
    },
  },

  // One validated environment module reads the process environment.
  {
    files: ["src/**/*.{ts,tsx}", "server.ts"],
    ignores: [ENV_MODULE, "**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings through `env` from src/server/config/env.ts, which validates and documents every variable.",
        },
      ],
    },
  },
);
