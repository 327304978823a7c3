import { beforeEach, describe, expect, it } from "vitest";
import { launchNotifications } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting } from "~/lib/env.server";
import { action, loader } from "~/routes/notify";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails } from "../../../tests/helpers/jobs";
import { hashToken, NOTIFY_RATE_LIMIT } from "./launch-notify.server";

const baseEnv = getEnv();

function post(body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" }) {
  return new Request("http://localhost/notify", { method: "POST", body, headers: { cookie: "language=de", ...headers } });
}

async function submit(values: Record<string, string>, clientIp = "203.0.113.9") {
  try {
    const answer = (await action({
      request: post(new URLSearchParams({ intent: "notify", js: "1", ...values })),
      context: { clientIp },
      params: {},
    } as never)) as unknown as {
      data: { status: string; topic?: string };
      init: { status: number };
    };
    return { ...answer.data, httpStatus: answer.init.status };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: "redirect", location: thrown.headers.get("Location"), httpStatus: thrown.status };
    throw thrown;
  }
}

/** Opens a confirmation link: the page (its launch, and whether it still asks to press the button). */
async function openLink(token: string | null) {
  const url = token === null ? "http://localhost/notify" : `http://localhost/notify?token=${encodeURIComponent(token)}`;
  const answer = (await loader({ request: new Request(url), params: {}, context: {} } as never)) as unknown as {
    data: { topic: string | null; confirm: { token: string } | null };
    init: { status: number };
  };
  return { topic: answer.data.topic, asks: answer.data.confirm !== null, httpStatus: answer.init.status };
}

/** Opens the link and presses its button (without JavaScript: the page shows the answer). */
async function confirm(token: string | null) {
  const page = await openLink(token);
  const answer = (await action({
    request: post(new URLSearchParams({ intent: "confirm", ...(token === null ? {} : { token }) })),
    context: { clientIp: "203.0.113.9" },
    params: {},
  } as never)) as unknown as { data: { ok: boolean }; init: { status: number } };
  return { topic: answer.data.ok ? page.topic : null, httpStatus: answer.init.status };
}

function tokenOf(text: string) {
  const match = /\/notify\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[1]!;
}

describe("tell me when it opens (double opt-in)", () => {
  beforeEach(async () => {
    await resetDatabase();
    setEnvForTesting({ ...baseEnv, RATE_LIMIT_FACTOR: 1, PUBLIC_URL: "https://site.example" });
  });

  it("records the address unconfirmed, mails a link in the visitor's language, and the link confirms it", async () => {
    expect(await submit({ email: " Ada@Example.com ", topic: "academy" })).toMatchObject({ status: "sent", httpStatus: 200 });
    const [row] = await db().select().from(launchNotifications);
    expect(row).toMatchObject({ email: "ada@example.com", topic: "academy", language: "de", confirmedAt: null });
    const jobs = await loggedMails();
    expect(jobs).toHaveLength(1);
    const mail = jobs[0]! as unknown as Record<string, string>;
    expect(mail.to).toBe("ada@example.com");
    expect(mail.subject).toContain("Bitte bestätigen");
    expect(mail.text).toContain("https://site.example/notify?token=");
    const token = tokenOf(mail.text);
    // Only the hash is stored.
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(await db().select().from(launchNotifications))).not.toContain(token);

    // Opening the link confirms nothing (mail scanners open links): the page asks for the button.
    expect(await openLink(token)).toEqual({ topic: "academy", asks: true, httpStatus: 200 });
    expect((await db().select().from(launchNotifications))[0]!.confirmedAt).toBeNull();
    expect(await confirm(token)).toEqual({ topic: "academy", httpStatus: 200 });
    const [confirmed] = await db().select().from(launchNotifications);
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    // A second press still says confirmed, and the link now shows the confirmed page.
    expect(await confirm(token)).toEqual({ topic: "academy", httpStatus: 200 });
    expect(await openLink(token)).toEqual({ topic: "academy", asks: false, httpStatus: 200 });
  });

  it("records the shop as a topic of its own (the cart's last step while no store is connected), in the mail's words", async () => {
    expect(await submit({ email: "ada@example.com", topic: "shop" })).toMatchObject({ status: "sent" });
    const [row] = await db().select().from(launchNotifications);
    expect(row).toMatchObject({ topic: "shop" });
    const [mail] = (await loggedMails()) as unknown as Array<Record<string, string>>;
    expect(mail!.subject).toContain("der IP-Angel-Shop");
    // Without JavaScript the answer goes back to the cart, where the form is.
    expect(await submit({ email: "lin@example.com", topic: "shop", js: "0" })).toMatchObject({
      status: "redirect",
      location: "/shop/cart?notify=sent#notify",
    });
  });

  it("answers the same for a confirmed address and sends nothing more", async () => {
    await submit({ email: "grace@example.com", topic: "tandem" });
    const [job] = await loggedMails();
    await confirm(tokenOf((job! as unknown as Record<string, string>).text));
    expect(await submit({ email: "grace@example.com", topic: "tandem" })).toMatchObject({ status: "sent" });
    expect(await loggedMails()).toHaveLength(1);
  });

  it("a new request for an unconfirmed address replaces the old link", async () => {
    await submit({ email: "lin@example.com", topic: "tandem" });
    await submit({ email: "lin@example.com", topic: "tandem" });
    const jobs = await loggedMails();
    expect(jobs).toHaveLength(2);
    const [first, second] = jobs.map((job) => tokenOf((job as unknown as Record<string, string>).text));
    expect(await confirm(first!)).toMatchObject({ topic: null, httpStatus: 400 });
    expect(await confirm(second!)).toMatchObject({ topic: "tandem" });
    expect(await db().select().from(launchNotifications)).toHaveLength(1);
  });

  it("refuses bad input with 400 and stores nothing: bad address, unknown topic, oversized and garbage bodies", async () => {
    for (const values of [
      { email: "not-an-address", topic: "academy" },
      { email: "ada@example.com", topic: "market" },
      { email: `${"a".repeat(300)}@example.com`, topic: "academy" },
      { email: "", topic: "" },
    ]) {
      expect(await submit(values)).toMatchObject({ status: "invalid", httpStatus: 400, ok: false });
    }
    // The form kit's answer names the field: the problem shows under it.
    const refused = (await submit({ email: "not-an-address", topic: "academy" })) as unknown as {
      result: { error: Record<string, string[]> };
    };
    expect(refused.result.error.email).toEqual(["notify.invalid"]);
    const garbage = (await action({
      request: post("\u0000\u0001garbage", { "Content-Type": "multipart/form-data; boundary=nope" }),
      context: { clientIp: "203.0.113.9" },
      params: {},
    } as never).catch((thrown: unknown) => thrown)) as Response;
    // Without js=1 the answer is a redirect back to the page with the status.
    expect(garbage.status).toBe(302);
    expect(garbage.headers.get("Location")).toBe("/academy?notify=invalid#notify");
    expect(await db().select().from(launchNotifications)).toHaveLength(0);
    expect(await loggedMails()).toHaveLength(0);
  });

  it("without JavaScript redirects back to the page with the answer", async () => {
    const thrown = await action({
      request: post(new URLSearchParams({ intent: "notify", email: "nojs@example.com", topic: "tandem" })),
      context: { clientIp: "203.0.113.10" },
      params: {},
    } as never).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/tandem?notify=sent#notify");
  });

  it("limits requests per client address", async () => {
    for (let i = 0; i < NOTIFY_RATE_LIMIT; i++) await submit({ email: `r${i}@example.com`, topic: "academy" }, "203.0.113.50");
    expect(await submit({ email: "one-more@example.com", topic: "academy" }, "203.0.113.50")).toMatchObject({
      status: "rate-limited",
      httpStatus: 429,
    });
  });

  it("refuses unknown, malformed and missing tokens", async () => {
    expect(await confirm("unknown-token")).toMatchObject({ topic: null, httpStatus: 400 });
    expect(await confirm("<script>")).toMatchObject({ topic: null, httpStatus: 400 });
    expect(await confirm("a".repeat(5000))).toMatchObject({ topic: null, httpStatus: 400 });
    expect(await confirm(null)).toMatchObject({ topic: null, httpStatus: 400 });
  });

  it("every mail carries a signed removal link: it shows a button, the POST removes the entry, a forged one changes nothing", async () => {
    await submit({ email: "ines@example.com", topic: "academy" });
    await submit({ email: "other@example.com", topic: "academy" });
    const [job] = await loggedMails();
    const text = (job! as unknown as Record<string, string>).text;
    const link = new URL(/https:\/\/site\.example\/notify\?remove=\S+/.exec(text)![0]);
    expect((job! as unknown as Record<string, string>).html).toContain(`href="https://site.example/notify?remove=`);
    // The HTML part shows words, not token URLs: a button and short links carry them (ADR 0076).
    const shown = (job! as unknown as Record<string, string>).html.replace(/<[^>]*>/g, " ");
    expect(shown).not.toMatch(/notify\?(token|remove)=/);
    expect(shown).toContain("Meine Adresse von der Liste nehmen");
    const id = link.searchParams.get("remove")!;
    const signature = link.searchParams.get("s")!;

    // Opening the link changes nothing (mail scanners open links).
    const page = (await loader({ request: new Request(link), params: {}, context: {} } as never)) as unknown as {
      data: { remove: { id: string } | null };
      init: { status: number };
    };
    expect(page.init.status).toBe(200);
    expect(page.data.remove?.id).toBe(id);
    expect(await db().select().from(launchNotifications)).toHaveLength(2);
    const forgedPage = (await loader({
      request: new Request(`https://site.example/notify?remove=${id}&s=forged`),
      params: {},
      context: {},
    } as never)) as unknown as { data: { remove: unknown; removeInvalid: boolean }; init: { status: number } };
    expect(forgedPage).toMatchObject({ data: { remove: null, removeInvalid: true }, init: { status: 400 } });

    const removeWith = async (values: Record<string, string>) =>
      (await action({
        request: post(new URLSearchParams({ intent: "remove", ...values })),
        context: { clientIp: "203.0.113.9" },
        params: {},
      } as never)) as unknown as { data: { ok: boolean; error?: string }; init: { status: number } };
    const forged = await removeWith({ remove: id, s: `${signature.slice(0, -2)}xx` });
    expect(forged).toMatchObject({ data: { ok: false, error: "notify.remove.invalid" }, init: { status: 400 } });
    expect((await removeWith({ remove: "not-an-id", s: signature })).init.status).toBe(400);
    expect(await db().select().from(launchNotifications)).toHaveLength(2);

    // Without JavaScript too: the page renders the answer (no redirect).
    expect(await removeWith({ remove: id, s: signature })).toMatchObject({ data: { ok: true }, init: { status: 200 } });
    const left = await db().select({ email: launchNotifications.email }).from(launchNotifications);
    expect(left).toEqual([{ email: "other@example.com" }]);
    // A second click: the address is off the list, which is what was asked.
    expect((await removeWith({ remove: id, s: signature })).data.ok).toBe(true);
  });

  it("the confirmed page offers the removal link", async () => {
    await submit({ email: "jo@example.com", topic: "tandem" });
    const [job] = await loggedMails();
    const token = tokenOf((job! as unknown as Record<string, string>).text);
    const answer = (await loader({
      request: new Request(`http://localhost/notify?token=${token}`),
      params: {},
      context: {},
    } as never)) as unknown as {
      data: { removePath: string };
    };
    const [row] = await db().select().from(launchNotifications);
    expect(answer.data.removePath).toMatch(new RegExp(`^/notify\\?remove=${row!.id}&s=[A-Za-z0-9_-]+$`));
  });
});
