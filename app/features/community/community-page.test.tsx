import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/lib/i18n.server";
import { CommunityPage } from "./community-page";
import { loadCommunity } from "./community.server";

async function render(view: ReturnType<typeof loadCommunity>) {
  const i18n = await getServerI18n("en");
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <CommunityPage view={view} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("community page rendering", () => {
  it("shows a member the modules as links into the community platform, opening in a new tab", async () => {
    const html = await render(loadCommunity({ id: "u1", email: "ada@example.com", name: "Ada Lovelace" }, "https://community.example.com"));
    expect(html).toContain("Welcome, Ada Lovelace");
    expect(html).toMatch(/href="https:\/\/community\.example\.com\/discussions" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain("Open the member directory");
    expect(html).toContain('href="https://community.example.com/groups"');
    expect(html).not.toContain("/auth?tab=signup");
  });

  it("shows a visitor Sign up and Log in and no member links", async () => {
    const html = await render(loadCommunity(null, "https://community.example.com"));
    expect(html).toContain('href="/auth?tab=signup"');
    expect(html).toContain('href="/auth"');
    expect(html).not.toContain("community.example.com");
    expect(html).not.toContain("Welcome,");
  });
});
