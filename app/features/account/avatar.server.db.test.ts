import fs from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { profiles, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resolveFile } from "~/lib/storage.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { replaceAvatar, type AvatarStep } from "./profile.server";

const USER_ID = "avatar-crash-user";

class Crash extends Error {}

function png(color: string) {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
}

function fileOf(url: string | null | undefined) {
  return url ? resolveFile("avatars", decodeURIComponent(url.replace("/files/avatars/", ""))) : undefined;
}

/** What a visitor can see: the avatar the profile and the session user point at, and whether it loads. */
async function visibleAvatar() {
  const [profile] = await db().select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, USER_ID));
  const [account] = await db().select({ image: user.image }).from(user).where(eq(user.id, USER_ID));
  const file = fileOf(profile?.avatarUrl);
  return { profileUrl: profile?.avatarUrl ?? null, userImage: account?.image ?? null, loads: file ? fs.existsSync(file) : false };
}

function crashAt(step: AvatarStep) {
  return {
    afterStep: (reached: AvatarStep) => {
      if (reached === step) throw new Crash(step);
    },
  };
}

describe("replacing an avatar (DESIGN habit 7)", () => {
  let firstUrl: string;

  beforeEach(async () => {
    await resetDatabase();
    await db().insert(user).values({ id: USER_ID, name: "Avatar", email: "avatar-crash@example.com" });
    firstUrl = await replaceAvatar(USER_ID, await png("#3366ff"));
  });

  it("switches profile and user together and removes the old file afterwards", async () => {
    const secondUrl = await replaceAvatar(USER_ID, await png("#ff6633"));
    expect(secondUrl).not.toBe(firstUrl);
    expect(await visibleAvatar()).toEqual({ profileUrl: secondUrl, userImage: secondUrl, loads: true });
    expect(fs.existsSync(fileOf(firstUrl)!)).toBe(false);
  });

  it.each(["file-saved", "profile-updated"] as const)("a crash after %s leaves the old avatar whole", async (step) => {
    await expect(replaceAvatar(USER_ID, await png("#ff6633"), crashAt(step))).rejects.toBeInstanceOf(Crash);
    expect(await visibleAvatar()).toEqual({ profileUrl: firstUrl, userImage: firstUrl, loads: true });
  });

  it("a crash after the commit leaves the new avatar whole (the old file is only left over)", async () => {
    await expect(replaceAvatar(USER_ID, await png("#ff6633"), crashAt("committed"))).rejects.toBeInstanceOf(Crash);
    const visible = await visibleAvatar();
    expect(visible.profileUrl).not.toBe(firstUrl);
    expect(visible).toEqual({ profileUrl: visible.profileUrl, userImage: visible.profileUrl, loads: true });
  });
});
