import { sql } from "drizzle-orm";
import { db } from "../../app/lib/db.server";
import type { ConsoleActor } from "../../app/features/admin/guard.server";

/**
 * Newsletter subscribers for tests, written straight to the tables (no sign-up, no password hash):
 * `count` accounts with a confirmed consent each, the languages taken in turn (en, de, es, en, ...).
 * Addresses are `sub-<n>@example.com`.
 */
export async function insertSubscribers(count: number, languages: readonly string[] = ["en", "de", "es"]) {
  await db().execute(sql`
    with made as (
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'sub-' || n, 'sub' || n, 'sub-' || n || '@example.com', true, now(), now() from generate_series(1, ${count}) n
      returning id)
    insert into profiles (id, username, language, newsletter_subscribed)
    select id, id, (${`{${languages.join(",")}}`}::text[])[((substr(id, 5)::int - 1) % ${languages.length}) + 1], true from made`);
  await db().execute(sql`
    insert into newsletter_consents (user_id, email, status, source, wording, wording_version, language, confirmed_at)
    select u.id, u.email, 'confirmed', 'signup', 'Subscribe to the newsletter', 'test', p.language, now()
    from users u join profiles p on p.id = u.id where u.id like 'sub-%'`);
}

/** A console admin as the console's functions take it (an account row, so audit entries can name it). */
export async function insertOperator(email = "operator@example.com"): Promise<ConsoleActor> {
  await db().execute(
    sql`insert into users (id, name, email, email_verified, created_at, updated_at) values ('operator', 'Operator', ${email}, true, now(), now())`,
  );
  return { id: "operator", email, name: "Operator", role: "admin" };
}
