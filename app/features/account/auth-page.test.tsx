import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerTranslator } from "~/lib/i18n.server";
import { TranslationProvider } from "~/lib/use-translation";
import { AuthPage } from "./auth-page";

/** /auth as the server renders it, with the loader's answer given (the loader's own test: auth-actions.server.db.test.ts). */
async function render(googleEnabled: boolean, tab: "login" | "signup") {
  const Stub = createRoutesStub([{ id: "auth", path: "/auth", Component: AuthPage, HydrateFallback: () => null }]);
  return renderToString(
    <TranslationProvider translator={await getServerTranslator("en")}>
      <Stub
        initialEntries={[tab === "signup" ? "/auth?tab=signup" : "/auth"]}
        hydrationData={{ loaderData: { auth: { googleEnabled, linkError: null } } }}
      />
    </TranslationProvider>,
  );
}

describe("the Google buttons of /auth", () => {
  it("are on both tabs when Google is configured", async () => {
    expect(await render(true, "login")).toContain("Continue with Google");
    expect(await render(true, "signup")).toContain("Sign up with Google");
  });

  it("are not there when GOOGLE_CLIENT_ID/SECRET are not set", async () => {
    const login = await render(false, "login");
    const signup = await render(false, "signup");
    // The page itself is there, only the buttons are missing.
    expect(login).toContain("Welcome");
    expect(signup).toContain("Welcome");
    expect(login).not.toContain("Google");
    expect(signup).not.toContain("Google");
  });
});
