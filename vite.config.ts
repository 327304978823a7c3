import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin, type UserConfig } from "vite";

const require = createRequire(import.meta.url);

/**
 * React Router's package.json sends every consumer to `dist/development` (issue
 * remix-run/react-router#14102): dev warnings, extra checks and their strings, in the browser and on the
 * server. A build resolves it to `dist/production` instead (same code, ENABLE_DEV_WARNINGS=false).
 */
function reactRouterProduction(): Record<string, string> {
  const development = path.dirname(require.resolve("react-router"));
  const production = development.replace(/development$/, "production");
  return {
    "react-router/dom": path.join(production, "dom-export.mjs"),
    "react-router": path.join(production, "index.mjs"),
  };
}

/** The modules in the static import graph of `starts` (with `lazy`, also what they import dynamically). */
function reach(
  ctx: {
    getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; code: string | null } | null;
  },
  starts: string[],
  lazy = false,
) {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    queue.push(...(info?.importedIds ?? []), ...((lazy && info?.dynamicallyImportedIds) || []));
  }
  return seen;
}

/**
 * Every page loads the client entry (react-dom, React Router, i18n) and the root route with everything
 * it imports: one chunk for all of it instead of ~30 (many a single icon of a few hundred bytes, each
 * with its own request and response headers). Modules only some pages use stay in their own chunks.
 * The group names the app's modules in that static import graph; rolldown adds what they really use
 * of the packages (includeDependenciesRecursively). Naming the packages' modules too would follow the
 * barrel files of lucide-react and radix-ui to every icon and Radix part any page uses.
 */
function shellChunk(): NonNullable<NonNullable<NonNullable<UserConfig["build"]>["rollupOptions"]>["output"]> {
  const route = (name: string) => `${path.resolve(`app/routes/${name}.tsx`)}?__react-router-build-client-route`;
  const roots = [path.resolve("app/entry.client.tsx"), `${path.resolve("app/root.tsx")}?__react-router-build-client-route`];
  // Loaded with most app pages anyway: the page meta (every route's `meta`), the form kit's answer hook
  // (/media, /auth, /profile), the dialog trigger (/auth, /profile; /media on first use), number and
  // date formats (/shop, /profile, /media's dialog). In the shell they cost no request of their own.
  const shared = [
    "app/lib/seo.ts",
    "app/components/form/use-form-answer.ts",
    "app/components/ui/dialog.tsx",
    "app/lib/intl-formats.ts",
    // The account notice's resend form is also under /auth's login form (the notice itself loads only with a notice).
    "app/features/account/resend-confirmation.tsx",
    "app/components/form/hydrated-input.tsx",
  ].map((file) => path.resolve(file));
  let shell: Set<string> | undefined;
  let account: Set<string> | undefined;
  let profileIcons: Set<string> | undefined;
  return {
    codeSplitting: {
      groups: [
        {
          // First: what every page loads takes its packages with it.
          debugName: "shell",
          priority: 2,
          name(id, ctx) {
            shell ??= reach(ctx, [...roots, ...shared]);
            // Not the client entry itself: its code runs when its own file is evaluated, which React Router
            // does once the page's route modules are loaded and named (window.__reactRouterRouteModules).
            // Inside the shell chunk it would run as soon as the first route module imports that chunk,
            // before the routes' texts and parts can be known.
            // React DOM and React Router, which the entry alone would otherwise take with it, stay here too.
            const named = !id.includes("/node_modules/") || /\/node_modules\/(?:react-dom|react-router|scheduler)\//.test(id);
            return shell.has(id) && id !== roots[0] && named ? "shell" : null;
          },
        },
        {
          // The app modules both form pages import (the form kit, fields, inputs, cards, the account
          // forms' rules; ADR 0035): one chunk instead of seven. Nothing /media or /shop loads, even later
          // (they would download all of it for one module).
          debugName: "account",
          priority: 1,
          name(id, ctx) {
            if (!account) {
              const others = reach(ctx, [...roots, route("media"), route("shop")], true);
              const profile = reach(ctx, [route("profile")]);
              const both = [...reach(ctx, [route("auth")])].filter((module) => profile.has(module) && !others.has(module));
              // Rolldown puts what a group's modules import into the group too (except what the shell
              // took): a module importing something /media or /shop loads stays out.
              account = new Set(both.filter((module) => [...reach(ctx, [module])].every((used) => shell!.has(used) || !others.has(used))));
            }
            return account.has(id) && !id.includes("/node_modules/") ? "account" : null;
          },
        },
        {
          // The icons only /profile shows (imported one by one, `lucide-react/icons/…`): one chunk instead
          // of one each. Not those /auth, /media, /shop or the shell load with the page (named in their
          // code); pages that need one of them later or elsewhere (the console, the cart's Trash2) load
          // this small chunk for it.
          debugName: "profile-icons",
          priority: 1,
          name(id, ctx) {
            if (!profileIcons) {
              const others = [...reach(ctx, [...roots, route("media"), route("shop"), route("auth")])];
              const named = new Set(
                others
                  .filter((module) => !module.includes("/node_modules/"))
                  .flatMap((module) => [
                    ...(ctx.getModuleInfo(module)?.code ?? "").matchAll(/import\s*{([^}]*)}\s*from\s*["']lucide-react["']/g),
                  ])
                  .flatMap((match) => match[1]!.split(",").map((name) => name.trim().split(/\s+as\s+/)[0]!)),
              );
              const othersSet = new Set(others);
              profileIcons = new Set(
                [...reach(ctx, [route("profile")])]
                  .filter((module) => !module.includes("/node_modules/") && !othersSet.has(module))
                  .flatMap((module) => ctx.getModuleInfo(module)?.importedIds ?? [])
                  .filter((icon) => /lucide-react\/dist\/esm\/icons\//.test(icon) && !named.has(iconName(icon)))
                  // An alias (trash-2.mjs) re-exports the icon's own module (trash.mjs).
                  .flatMap((icon) => [
                    icon,
                    ...(ctx.getModuleInfo(icon)?.importedIds ?? []).filter((id) => id.includes("/lucide-react/dist/esm/icons/")),
                  ]),
              );
            }
            return profileIcons.has(id) ? "profile-icons" : null;
          },
        },
        {
          // The texts of the account pages: /auth and /profile both load these two namespaces (per
          // language), in one request instead of two.
          debugName: "account-texts",
          name: (id) => /\/app\/locales\/(\w+)\/(?:auth|profile)\.json$/.exec(id)?.[1]?.replace(/^/, "account-texts-") ?? null,
        },
      ],
    },
  };
}

/** `…/icons/trash-2.mjs` → `Trash2`, the name lucide-react exports it by. */
function iconName(id: string) {
  return path.basename(id, ".mjs").replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** The commit the build is made from, for the console's System page and `/metrics` (ADR 0065); "" outside a git checkout. */
function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

const SHELL_SCRIPT = "virtual:shell-script";

/**
 * `virtual:shell-script`: the shell's widgets (app/shell/, ADR 0051) bundled and minified into one
 * IIFE, as text. The server inlines it into every page (entry.server.tsx, root.tsx), so no page
 * loads a script file for them; dev rebuilds it when a file of app/shell/ changes.
 */
function shellScript(): Plugin {
  const resolved = `\0${SHELL_SCRIPT}`;
  const folder = path.resolve("app/shell");
  return {
    name: "shell-script",
    resolveId: (id) => (id === SHELL_SCRIPT ? resolved : undefined),
    load: {
      filter: { id: new RegExp(`^\\0${SHELL_SCRIPT}$`) },
      async handler() {
        const { outputFiles } = await esbuild({
          entryPoints: [path.join(folder, "index.ts")],
          bundle: true,
          write: false,
          format: "iife",
          minify: true,
          target: "es2022",
          legalComments: "none",
        });
        return `export default ${JSON.stringify(outputFiles[0]!.text.trim())};`;
      },
    },
    configureServer(server) {
      server.watcher.add(folder);
      server.watcher.on("change", (file) => {
        if (!file.startsWith(folder + path.sep)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(resolved);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  define: { __BUILD_COMMIT__: JSON.stringify(command === "build" ? gitCommit() : "") },
  build: {
    // The server build's entry is our Express app, which mounts React Router's request handler.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : command === "build" ? { output: shellChunk() } : undefined,
  },
  resolve: {
    tsconfigPaths: true,
    alias: command === "build" ? reactRouterProduction() : {},
  },
  ssr:
    command === "build"
      ? {
          // Bundled into the server build (ADR 0026) instead of loaded by Node at run time: React Router
          // (and its Node/Express adapters, so there is one copy) from its production build, and only
          // the icons and Radix parts we use instead of the whole packages (memory, start-up).
          noExternal: ["react-router", "@react-router/node", "@react-router/express", "lucide-react", "radix-ui", /^@radix-ui\//],
        }
      : undefined,
  plugins: [tailwindcss(), shellScript(), reactRouter()],
}));
