import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { db } from "~/lib/db.server";
import { forgetShopOpen, shopOpen } from "~/lib/shop-switch.server";
import { loader as cartLoader } from "~/routes/shop.cart";
import { loader as shopLoader } from "~/routes/shop";
import { answerOf, formPost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { settingsAction } from "./settings-actions.server";

const actor = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as never;

async function switchShop(values: Record<string, string>) {
  return answerOf(await settingsAction(formPost("/admin/settings", "shop", values), actor));
}

describe("the shop switch (site setting shop)", () => {
  beforeEach(async () => {
    await resetDatabase();
    forgetShopOpen();
  });

  it("is on on a fresh install: /shop shows the catalogue", async () => {
    expect(await shopOpen()).toBe(true);
    expect(await shopLoader(args("http://localhost/shop"))).toMatchObject({ open: true, source: "catalogue" });
  });

  it("off: /shop is the opens-soon page, the cart leads there, audited; on again: the catalogue is back", async () => {
    expect(await switchShop({})).toMatchObject({ status: 200, body: { ok: true, message: "admin.settings.shop.savedClosed" } });
    expect(await shopOpen()).toBe(false);
    const closed = await shopLoader(args("http://localhost/shop"));
    expect(closed).toMatchObject({ open: false });
    expect(closed).not.toHaveProperty("products");
    const thrown = await cartLoader(args("http://localhost/shop/cart")).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("location")).toBe("/shop");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, "shop"));
    expect(entry).toMatchObject({ actorEmail: actor.email, action: "settings.update", summary: "shop" });

    expect(await switchShop({ open: "on" })).toMatchObject({ body: { ok: true, message: "admin.settings.shop.savedOpen" } });
    expect(await shopOpen()).toBe(true);
    expect(await shopLoader(args("http://localhost/shop"))).toMatchObject({ open: true });
  });
});
