import { expect, test, type Page } from "@playwright/test";
import { createAccount, signInPage, signedInRequest } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * 'Upload Profile Picture' opens the file chooser with and without JavaScript (seen in a screenshot of
 * /profile without JavaScript: a button that needed a script to open the chooser, next to a second
 * 'Upload Profile Picture' that sent no file). It is the file input's label drawn as a button.
 */
async function makePng() {
  const sharp = (await import("sharp")).default;
  return sharp({ create: { width: 32, height: 32, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
}

async function chooseWith(page: Page, open: () => Promise<void>) {
  const chooser = page.waitForEvent("filechooser");
  await open();
  await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: await makePng() });
}

test("without JavaScript: the picture is chosen with 'Upload Profile Picture' and sent with 'Upload'", async ({ browser }) => {
  const member = await signedInRequest(await createAccount("nojsavatar"));
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await member.storageState() });
  await member.dispose();
  const page = await context.newPage();
  await page.goto("/profile");
  await expect(page.getByTestId("avatar-image")).toHaveCount(0);
  // One control of that name, and it opens the chooser.
  await expect(page.getByText("Upload Profile Picture", { exact: true })).toHaveCount(1);
  await expect(page.locator("button", { hasText: "Upload Profile Picture" })).toHaveCount(0);
  await chooseWith(page, () => page.getByText("Upload Profile Picture", { exact: true }).click());
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByTestId("avatar-image")).toBeVisible();
  await expect(page.getByTestId("avatar-image")).toHaveAttribute("src", /^\/files\/avatars\/[0-9a-f-]+\/\d+\.png$/);
  await context.close();
});

test("with JavaScript: chosen by pointer or keyboard, the picture is sent at once", async ({ page }) => {
  await signInPage(page, await createAccount("jsavatar"));
  await gotoHydrated(page, "/profile");
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
  const input = page.getByLabel("Upload Profile Picture");
  await expect(input).toBeEnabled();
  await chooseWith(page, () => page.getByText("Upload Profile Picture", { exact: true }).click());
  await expect(page.getByText("Profile picture updated successfully")).toBeVisible();
  await expect(page.getByTestId("avatar-image")).toBeVisible();
  // From the keyboard: the (visually hidden) file input takes the focus, its label shows the ring. While the
  // upload's answer reloads the page's data the input is disabled, and a disabled input takes no focus.
  await expect(input).toBeEnabled();
  await input.focus();
  await expect(input).toBeFocused();
  await chooseWith(page, () => page.keyboard.press("Space"));
  await expect(page.getByTestId("avatar-image")).toHaveAttribute("src", /^\/files\/avatars\/[0-9a-f-]+\/\d+\.png$/);
});
