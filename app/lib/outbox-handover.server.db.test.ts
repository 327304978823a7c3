import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { mailLog, outboxHandover } from "~/db/schema";
import "~/features/account/shopify.server";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { handOverOutboxJobs } from "./outbox-handover.server";

/** Jobs the old outbox still had to run when migration 0016 replaced it (ADR 0046). */
describe("outbox handover", () => {
  beforeEach(resetDatabase);

  it("queues each waiting job once on pg-boss, also when several processes start together", async () => {
    await db()
      .insert(outboxHandover)
      .values([
        { id: 7, kind: "mail", payload: { to: "waiting@example.com", subject: "Confirm", text: "http://x/verify?t=1", html: "<p>x</p>" } },
        {
          id: 8,
          kind: "mail",
          payload: { to: "gone@example.com", subject: "Deleted", text: "bye", html: "<p>bye</p>", eraseWhenDone: true },
        },
        { id: 9, kind: "shopify.syncCustomer", payload: { userId: "u-1" } },
      ]);
    await Promise.all([handOverOutboxJobs(), handOverOutboxJobs(), handOverOutboxJobs()]);

    expect(await db().select().from(outboxHandover)).toEqual([]);
    const mails = await db().select().from(mailLog).orderBy(mailLog.id);
    expect(mails).toMatchObject([
      {
        recipient: "waiting@example.com",
        subject: "Confirm",
        status: "pending",
        eraseWhenDone: false,
        content: { text: "http://x/verify?t=1" },
      },
      { recipient: "gone@example.com", subject: "Deleted", status: "pending", eraseWhenDone: true },
    ]);
    const { rows } = await db().execute<{ name: string; data: Record<string, unknown> }>(
      sql`select name, data from pgboss.job where not starts_with(name, '__pgboss') order by name, data->>'mailId'`,
    );
    expect(rows).toEqual([
      { name: "mail", data: { mailId: mails[0].id } },
      { name: "mail", data: { mailId: mails[1].id } },
      { name: "shopify.syncCustomer", data: { userId: "u-1" } },
    ]);
  });
});
