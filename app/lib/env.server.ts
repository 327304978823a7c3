import path from "node:path";
import { z } from "zod";
import { parseStorageUrl } from "./storage-url.server";

/**
 * The one validated view of the process environment (CONTRACT.md "Configuration").
 * Nothing else in the product reads process.env: a bad value stops the start with a
 * message naming the variable.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    message: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

function isImapUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "imap:" || url.protocol === "imaps:") && url.hostname !== "" && url.username !== "";
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalText.pipe(z.url({ message: "must be an absolute http(s) URL" }).optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default("no-reply@localhost"),
  /** DKIM signing of outgoing mail (ADR 0067): the signing domain, the selector and a PEM private key file. */
  DKIM_DOMAIN: optionalText.pipe(
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, "must be a domain name")
      .optional(),
  ),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9-]{1,63}$/i, "must be letters, digits or -")
    .default("mail"),
  DKIM_PRIVATE_KEY_FILE: optionalText,
  /** Newsletter sending (ADR 0067): mails per second across all processes (0: as fast as SMTP takes them), mails per batch. */
  NEWSLETTER_RATE_PER_S: z.coerce.number({ message: "must be a number of mails per second" }).min(0).default(10),
  NEWSLETTER_BATCH_SIZE: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(1000).default(50),
  /**
   * Bounces (ADR 0073): the envelope sender of newsletter mail, where delivery status notifications go, and
   * the mailbox of that address read over IMAP (imaps://user:password@host:993/INBOX) every BOUNCE_POLL_MINUTES.
   */
  BOUNCE_ADDRESS: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
  BOUNCE_IMAP_URL: optionalText.pipe(
    z.string().refine(isImapUrl, "must be imap://user:password@host:port/mailbox or imaps://…, with a user name").optional(),
  ),
  BOUNCE_POLL_MINUTES: z.coerce.number({ message: "must be a whole number of minutes" }).int().min(1).max(60).default(5),
  /** The bearer token of POST /api/newsletter/bounces, where a mail provider reports bounces and complaints (ADR 0073); unset: no webhook. */
  BOUNCE_WEBHOOK_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._~+/-]{16,200}$/, "must be 16 to 200 letters, digits or - . _ ~ + / (a bearer token)")
      .optional(),
  ),
  /** Soft bounces (4.x.x) of one address within BOUNCE_SOFT_WINDOW_DAYS that suppress it. */
  BOUNCE_SOFT_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(100).default(3),
  BOUNCE_SOFT_WINDOW_DAYS: z.coerce.number({ message: "must be a whole number of days" }).int().min(1).max(365).default(30),
  /** A message in the bounce mailbox larger than this (kilobytes) is left unread there. */
  BOUNCE_MAX_MESSAGE_KB: z.coerce.number({ message: "must be a whole number of kilobytes" }).int().min(16).max(10240).default(1024),
  CONTACT_TO: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  REQUIRE_EMAIL_CONFIRMATION: booleanFlag.default(true),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Added to the contract: the OIDC issuer for Google sign-in (tests point it at a mock issuer). */
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  SHOPIFY_STORE_DOMAIN: optionalText,
  SHOPIFY_ADMIN_TOKEN: optionalText,
  /** Added to the contract: public Storefront API token for the shop page. */
  SHOPIFY_STOREFRONT_TOKEN: optionalText,
  /** Added to the contract: http or https towards the store (tests use a loopback fake over http). */
  SHOPIFY_PROTOCOL: z.enum(["https", "http"]).default("https"),
  SEED_DEMO: booleanFlag.default(true),
  /** Counting page views for the console's Analytics (ADR 0068); false counts nothing (benchmarks compare both). */
  ANALYTICS: booleanFlag.default(true),
  /** The external academy, market and community sites (a value set in the console's settings wins). */
  ACADEMY_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }).optional()),
  MARKET_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }).optional()),
  COMMUNITY_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }).optional()),
  RATE_LIMIT_FACTOR: z.coerce.number({ message: "must be a positive number" }).positive("must be a positive number").default(1),
  /** Added to the contract: how many proxy hops to trust for the client address (X-Forwarded-For). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** Added to the contract: how long a form body may take to arrive, in seconds, before the answer is 408 and the connection closes. */
  REQUEST_BODY_TIMEOUT_S: z.coerce.number().int().min(1).default(30),
  /** Added to the contract: open connections one client address may hold at once (without TRUST_PROXY; behind a proxy, requests in flight per forwarded address). */
  CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(64),
  /** Added to the contract: the wall-clock limit for reading one uploaded or imported file (ADR 0041). */
  FILE_PROBE_TIMEOUT_S: z.coerce.number({ message: "must be a number of seconds" }).positive("must be a positive number").default(30),
  /** Added to the contract: the memory limit (resident, MB) for reading one uploaded or imported file (ADR 0041). */
  FILE_PROBE_MEMORY_MB: z.coerce.number({ message: "must be a number of megabytes" }).int().min(64).default(512),
  /** First retry delay of a background job in seconds (ADR 0046); it doubles (with jitter) each try. */
  JOB_RETRY_DELAY_S: z.coerce.number().int().min(1).default(5),
  /** How long a background job may run; a job of a process that died is retried after this. */
  JOB_TIMEOUT_S: z.coerce.number().int().min(4).default(120),
  /** How often each process checks whether a periodic task's cron slot has come (seconds). */
  JOB_CRON_CHECK_S: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** `json`: one JSON object per log line, each with the request id when there is one (ADR 0065). */
  LOG_FORMAT: z.enum(["text", "json"], { message: "must be text or json" }).default("text"),
  /** The bearer token that opens `/metrics` to other hosts (ADR 0065); loopback may always read it. */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._~+/-]{16,200}$/, "must be 16 to 200 letters, digits or - . _ ~ + / (a bearer token)")
      .optional(),
  ),
  /** Retention (issue 12, docs/privacy.md): how long each kind of data is kept before the scheduled clean-up removes it. */
  RETENTION_UNCONFIRMED_ACCOUNT_DAYS: z.coerce.number({ message: "must be a whole number of days" }).int().min(1).default(7),
  RETENTION_CONTACT_MESSAGE_MONTHS: z.coerce.number({ message: "must be a whole number of months" }).int().min(1).default(12),
  RETENTION_SENT_MAIL_DAYS: z.coerce.number({ message: "must be a whole number of days" }).int().min(1).default(30),
  RETENTION_RATE_LIMIT_HOURS: z.coerce.number({ message: "must be a whole number of hours" }).int().min(1).default(24),
  RETENTION_VERIFICATION_HOURS: z.coerce.number({ message: "must be a whole number of hours" }).int().min(0).default(24),
  RETENTION_PENDING_NEWSLETTER_DAYS: z.coerce.number({ message: "must be a whole number of days" }).int().min(1).default(30),
  /** "Tell me when it opens" (issue 13): sign-ups never confirmed, and confirmed ones whose launch has not come. */
  RETENTION_PENDING_LAUNCH_DAYS: z.coerce.number({ message: "must be a whole number of days" }).int().min(1).default(30),
  RETENTION_LAUNCH_SIGNUP_MONTHS: z.coerce.number({ message: "must be a whole number of months" }).int().min(1).default(24),
  /** Raw analytics events (ADR 0068): kept this many days, their daily sums for good. */
  RETENTION_ANALYTICS_EVENT_DAYS: z.coerce.number({ message: "must be a whole number of days" }).int().min(1).default(30),
  /** The console's audit log and the records of handled data requests (ADR 0084). */
  RETENTION_AUDIT_LOG_MONTHS: z.coerce.number({ message: "must be a whole number of months" }).int().min(1).default(24),
  RETENTION_INTERVAL_MINUTES: z.coerce.number({ message: "must be a whole number of minutes" }).int().min(1).default(60),
  /** Encrypts backups (`npm run backup`, ADR 0064) and opens encrypted ones; unset: backups are not encrypted. */
  BACKUP_PASSPHRASE: optionalText.pipe(z.string().min(12, "must be at least 12 characters").optional()),
  /** S3-compatible object storage instead of `$DATA_DIR/storage` (ADR 0024). */
  STORAGE_URL: optionalText.pipe(
    z
      .string()
      .superRefine((value, context) => {
        try {
          parseStorageUrl(value);
        } catch (error) {
          context.addIssue({ code: "custom", message: (error as Error).message });
        }
      })
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; DATA_DIR: string };

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  return {
    ...parsed,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ""),
    DATA_DIR: path.resolve(parsed.DATA_DIR),
  };
}

let cached: Env | undefined;

/** The environment of this process, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests and tools that run several configurations in one process reset the cache. */
export function setEnvForTesting(env: Env | undefined) {
  cached = env;
}

/**
 * The environment of a child process that runs our own code with another configuration (a restore
 * drill, ADR 0071): this process's, with `changes` applied (undefined removes a variable).
 */
export function childProcessEnv(changes: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * The AWS SDK reads this switch from the environment itself. Its Node-version warning (nine lines of
 * stderr on every command that touches S3) is off unless an operator set the variable: the locked SDK
 * version supports the Node versions CONTRACT.md promises, so there is nothing to act on.
 */
export function quietAwsSdkNodeWarning() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
}
