import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerTranslator } from "~/lib/i18n.server";
import { TranslationProvider } from "~/lib/use-translation";
import { CommunityPage } from "./community-page";
import { loadCommunity } from "./community.server";

async function render(view: ReturnType<typeof loadCommunity>) {
  const translator = await getServerTranslator("en");
  return renderToString(
    <TranslationProvider translator={translator}>
      <MemoryRouter>
        <CommunityPage view={view} />
      </MemoryRouter>
    </TranslationProvider>,
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

  it("without a community site, offers a member what the account has today and promises no links", async () => {
    const html = await render(loadCommunity({ id: "u1", email: "ada@example.com", name: "Ada Lovelace" }, ""));
    expect(html).toContain("Welcome, Ada Lovelace");
    expect(html).toContain("The community platform opens soon.");
    expect(html).toContain('href="/media"');
    expect(html).toContain('href="/profile"');
    expect(html).toContain('href="/news"');
    expect(html).toContain("Read the news");
    expect(html).not.toContain("Each link below");
    expect(html).not.toContain("Open the member directory");
    expect(html).not.toContain('target="_blank"');
  });
});
