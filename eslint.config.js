// ESLint (flat config). What each part enforces, and how the layers map to folders:
// docs/DEVELOPING.md "Lint and layers" and docs/decisions/0017-lint-and-layers.md.
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROOT = import.meta.dirname;
const FEATURES_DIR = path.join(ROOT, "app/features");

/**
 * A feature's public surface, what OTHER features may import from app/features/<name>/:
 * - its top-level `*.server.ts` modules: the feature's service API, which routes, the CLI, the
 *   operator console and other features' server code call (DESIGN: the console calls "the same
 *   *.server.ts functions the public side and the CLI use");
 * - the browser-safe modules listed here (types, pure helpers).
 * Everything else is internal: components, hooks, schemas, helpers and every sub-folder (e.g.
 * media/import/). Routes, app/root.tsx, server/ and scripts/ compose features and may import any
 * of their modules. Widening a feature's browser surface is a one-line, reviewable change here.
 */
export const FEATURE_PUBLIC_MODULES = {
  // Who may use which console section, and the form rules news posts share with content pages (rich text, schedule time).
  admin: ["access.ts", "schemas/console-schemas.ts", "schemas/page-schema.ts", "schemas/page-schedule-schema.ts"],
  // The news post form's schema: the console's editor checks what the server enforces.
  news: ["news-schema.ts"],
  // The view types of media items, filters and categories.
  media: ["media-types.ts"],
  // The retention periods' units and bounds: the console's form checks what the server enforces.
  privacy: ["retention-limits.ts"],
};

const features = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function publicModulesOf(feature) {
  const serverApi = fs
    .readdirSync(path.join(FEATURES_DIR, feature))
    .filter((file) => /\.server\.tsx?$/.test(file) && !/\.test\./.test(file));
  return [...serverApi, ...(FEATURE_PUBLIC_MODULES[feature] ?? [])];
}

/** One zone per (importing feature, imported feature): only the imported feature's public modules pass. */
const featureZones = features.flatMap((importer) =>
  features
    .filter((imported) => imported !== importer)
    .map((imported) => ({
      target: `./app/features/${importer}`,
      from: `./app/features/${imported}`,
      except: publicModulesOf(imported).map((file) => `./${file}`),
      message: `features/${importer} may only use the public modules of features/${imported}: its top-level *.server.ts modules and FEATURE_PUBLIC_MODULES in eslint.config.js. Move shared code to app/lib or app/components, or widen the surface there.`,
    })),
);

const CODE = ["**/*.{ts,tsx,js,mjs,cjs}"];

/** Issue 10: no module in app/ over 300 lines (blank lines and comments count: it is what a reader scrolls). */
export const MAX_MODULE_LINES = 300;
/**
 * Generated or data modules exempt from the limit. Modules still waiting for their split (another
 * branch this round) are listed too; scripts/lint-rules.test.ts fails once one fits, so the
 * exemption goes with the split.
 */
export const MODULE_SIZE_EXEMPT = ["app/db/schema.ts"];
/** @type {string[]} Modules over the limit whose split is under way (none today). */
export const MODULE_SIZE_PENDING_SPLIT = [];
const TESTS = ["**/*.test.{ts,tsx}", "tests/**"];
/** Libraries that parse media files: only the probe child may load them (ADR 0041). */
export const FILE_PARSERS = ["sharp", "pdfjs-dist", "@napi-rs/canvas", "music-metadata", "pdf-lib"];
const FILE_PARSERS_MESSAGE =
  "Untrusted files are read in a child process with limits: use app/lib/untrusted-file.server.ts (ADR 0041), not the parser in the server.";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "data/**",
      "public/**",
      "seed/**",
      "test-results/**",
      "playwright-report/**",
      "bench-results/**",
      "app/db/migrations/**",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    files: CODE,
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      "import-x/internal-regex": "^~/",
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // `typeof import("sonner")` stays allowed: it names a lazily loaded module's type without loading it.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // The TypeScript compiler checks these; the resolver-based copies only cost time.
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:", "\\?url$"] }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
    },
  },
  // Small modules (docs/DEVELOPING.md "Lint and layers"); translations are JSON and not linted.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [...MODULE_SIZE_EXEMPT, ...MODULE_SIZE_PENDING_SPLIT],
    rules: { "max-lines": ["error", { max: MAX_MODULE_LINES, skipBlankLines: false, skipComments: false }] },
  },
  // Browser code: the React parts.
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.flat["recommended-latest"].rules,
      "react-hooks/exhaustive-deps": "error",
      // A React Compiler hint, not a bug: the pages copy fetcher pages and navigations into state in
      // effects on purpose (ADR 0017). The compiler is not used here.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  // The layers: lib, components, config, db → features → routes (and app/root.tsx, the shell).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: ROOT,
          zones: [
            {
              target: ["./app/lib", "./app/components", "./app/config", "./app/db"],
              from: ["./app/features", "./app/routes", "./app/root.tsx"],
              message: "lib, components, config and db sit below features and routes: pass data or slots down instead.",
            },
            {
              target: "./app/features",
              from: ["./app/routes", "./app/root.tsx"],
              message: "Features sit below routes and the root: pass data down (props, loader data) instead.",
            },
            {
              target: "./app/routes",
              from: "./app/routes",
              message: "Routes never import routes: move the shared part into a feature.",
            },
            {
              target: "./app",
              from: ["./server", "./scripts", "./tests"],
              message: "The app does not import the Node entry, scripts or test helpers.",
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  // `*.server` modules never reach the browser: a module that is not itself server-only (and is
  // not a route module, whose loader/action React Router strips from the client) may import
  // their types, never their values.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/.server/**", "app/routes/**", "app/root.tsx", "app/entry.server.tsx", ...TESTS],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "\\.server(\\.tsx?)?$|/\\.server/",
              allowTypeImports: true,
              message: "A browser module may import only types from *.server modules (DESIGN habit 1).",
            },
          ],
        },
      ],
    },
  },
  // Untrusted files are parsed only in server/untrusted-file-child.mjs, a process with limits (ADR 0041):
  // the server never loads these parsers, neither statically nor on first use.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": ["error", { paths: FILE_PARSERS.map((name) => ({ name, message: FILE_PARSERS_MESSAGE })) }],
      "no-restricted-syntax": [
        "error",
        {
          // esquery's regular expressions cannot contain "/": any other character stands in for it.
          selector: `ImportExpression[source.value=/^(${FILE_PARSERS.map((name) => name.replace("/", ".")).join("|")})(\\W|$)/]`,
          message: FILE_PARSERS_MESSAGE,
        },
      ],
    },
  },
  // Configuration is read in one place, checked and documented there (app/lib/env.server.ts, README table);
  // the two modules that start child processes hand the environment (or its PATH) on to them.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: [...TESTS, "app/lib/env.server.ts", "app/lib/embedded-postgres.server.ts", "app/lib/untrusted-file.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration through getEnv() (app/lib/env.server.ts): add the variable there.",
        },
      ],
    },
  },
  {
    files: TESTS,
    rules: {
      // Tests reach into modules on purpose (fixtures, route modules under test).
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  prettier,
);
