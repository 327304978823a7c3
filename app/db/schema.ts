import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The database schema. Table and column names follow spec §3 so data from the original
 * hosted backend imports directly; the better-auth tables follow better-auth's core schema.
 * Change it, then `npm run db:generate` to write a new committed migration.
 */

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const FILE_TYPES = ["image", "video", "audio", "pdf", "sheet", "document", "services"] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const CUSTOMER_TYPES = ["private", "business"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export interface Creator {
  name?: string | null;
  url?: string | null;
  handles?: { primary?: string | null } | null;
}
export interface Source {
  origin?: string | null;
  niche?: string | null;
  account_url?: string | null;
  account_handle?: string | null;
}
export interface License {
  name?: string | null;
  spdx_id?: string | null;
  url?: string | null;
  notice?: string | null;
}
export interface Attribution {
  text?: string | null;
  url?: string | null;
}

/**
 * Weighted title > description > searchable text, stemmed in the row's `language` (media items and
 * their translations, ADR 0060). A CASE with a constant regconfig per branch, because a computed
 * regconfig is not immutable.
 */
const languageStemmedVector = sql`CASE "language"
        WHEN 'de' THEN
          setweight(to_tsvector('german'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('german'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('german'::regconfig, coalesce("searchable_text", '')), 'C')
        WHEN 'es' THEN
          setweight(to_tsvector('spanish'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('spanish'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('spanish'::regconfig, coalesce("searchable_text", '')), 'C')
        WHEN 'en' THEN
          setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('english'::regconfig, coalesce("searchable_text", '')), 'C')
        ELSE
          setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('simple'::regconfig, coalesce("searchable_text", '')), 'C')
        END`;

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const mediaItems = pgTable(
  "media_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    fileType: text("file_type").$type<FileType>().notNull(),
    /** Path inside the private bucket `media-files`; null for services items. */
    filePath: text("file_path"),
    /** Generated preview image inside `media-files` (images and videos with a poster). */
    thumbnailPath: text("thumbnail_path"),
    /** An image's page renditions drawn in WebP and AVIF beside the thumbnail (migration 0045, app/lib/renditions.ts); null: none yet. */
    renditionWidths: integer("rendition_widths").array(),
    mimeType: text("mime_type"),
    fileSize: bigint("file_size", { mode: "number" }),
    downloadCount: integer("download_count").notNull().default(0),
    language: text("language").notNull().default("en"),
    aiGenerated: boolean("ai_generated").notNull().default(false),
    version: text("version"),
    widthPx: integer("width_px"),
    heightPx: integer("height_px"),
    durationMs: integer("duration_ms"),
    pages: integer("pages"),
    sheetType: text("sheet_type"),
    searchableText: text("searchable_text"),
    serviceKind: text("service_kind"),
    endpoint: text("endpoint"),
    externalLinks: jsonb("external_links").$type<Record<string, string>>().notNull().default({}),
    creator: jsonb("creator").$type<Creator>(),
    source: jsonb("source").$type<Source>(),
    license: jsonb("license").$type<License>(),
    attribution: jsonb("attribution").$type<Attribution>(),
    /** The picture's alternative text in the item's language (migration 0021). */
    altText: text("alt_text"),
    /** When its own language's title, description or alt text last changed (migration 0043): translations saved before are outdated. */
    sourceUpdatedAt: timestamp("source_updated_at", { withTimezone: true }),
    /** Public while set; null: a draft, seen only in the console (migration 0021, ADR 0060). */
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
    /** Its own texts, stemmed in its language (languageStemmedVector). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(languageStemmedVector),
    /** Everything the item is found by, in every language, accents folded; kept by triggers (migration 0029, ADR 0069). */
    searchDocument: tsvector("search_document"),
    /** Openverse's licence groups, read from `license` by media_license_allows (migration 0029). */
    licenseCommercial: boolean("license_commercial").generatedAlwaysAs(sql`media_license_allows("license", 'commercial')`),
    licenseModification: boolean("license_modification").generatedAlwaysAs(sql`media_license_allows("license", 'modification')`),
    ...timestamps,
  },
  (table) => [
    index("media_items_search_idx").using("gin", table.searchVector),
    index("media_items_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("media_items_file_type_created_at_idx").on(table.fileType, table.createdAt.desc()),
    // The related rows' keys (migration 0042; the expressions of features/media/related.server.ts).
    index("media_items_creator_related_idx")
      .on(sql`lower(btrim(${table.creator}->>'name'))`, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.publishedAt} is not null`),
    index("media_items_license_related_idx")
      .on(
        sql`lower(coalesce(nullif(btrim(${table.license}->>'spdx_id'), ''), nullif(btrim(${table.license}->>'url'), ''), nullif(btrim(${table.license}->>'name'), '')))`,
        table.createdAt.desc(),
        table.id.desc(),
      )
      .where(sql`${table.publishedAt} is not null`),
    check("media_items_file_type_check", sql`${table.fileType} in ('image', 'video', 'audio', 'pdf', 'sheet', 'document', 'services')`),
    check("media_items_download_count_check", sql`${table.downloadCount} >= 0`),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    /** The name in German and Spanish (`name` is the English one and the fallback; migration 0021). */
    names: jsonb("names").$type<CategoryNames>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Readable address (`?category=brand-assets`), derived from the name by PostgreSQL (migration 0006). */
    slug: text("slug").generatedAlwaysAs(
      sql`trim(both '-' from regexp_replace(translate(replace(replace(replace(replace(lower("name"), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'), 'áàâãéèêëíìîïóòôõúùûçñ', 'aaaaeeeeiiiioooouuucn'), '[^a-z0-9]+', '-', 'g'))`,
    ),
  },
  (table) => [index("categories_slug_idx").on(table.slug)],
);

export const mediaCategories = pgTable(
  "media_categories",
  {
    mediaItemId: uuid("media_item_id")
      .notNull()
      .references(() => mediaItems.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    /** Copies of the item's created_at and publication, kept by triggers (migration 0046): the related row "same category". */
    itemCreatedAt: timestamp("item_created_at", { withTimezone: true }),
    itemPublished: boolean("item_published").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.mediaItemId, table.categoryId] }),
    index("media_categories_category_idx").on(table.categoryId, table.mediaItemId),
    index("media_categories_related_idx")
      .on(table.categoryId, table.itemCreatedAt.desc(), table.mediaItemId.desc())
      .where(sql`${table.itemPublished}`),
  ],
);

/* ---------- better-auth core tables (property names are better-auth's field names) ---------- */

export const user = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** When the first confirmation mail was queued (ADR 0030); null: not yet, the sweep queues it. */
    confirmationMailQueuedAt: timestamp("confirmation_mail_queued_at", { withTimezone: true }),
    /** better-auth's two-factor plugin: a second factor (TOTP or passkey) is set up (ADR 0044). */
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    ...timestamps,
  },
  (table) => [
    // The confirmation sweep's accounts: few rows, so its query never reads the whole table.
    index("users_confirmation_pending_idx")
      .on(table.createdAt)
      .where(sql`not ${table.emailVerified} and ${table.confirmationMailQueuedAt} is null`),
  ],
);

export const session = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Last request seen with this session (written at most every few minutes), for the profile's session list. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    /** When this session last passed a second factor (ADR 0044); null: never. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    /** Last console request of this session (ADR 0044: a console visit after a pause asks again). */
    consoleSeenAt: timestamp("console_seen_at", { withTimezone: true }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** Spec §3 "Profile", keyed by the user's id. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    username: text("username"),
    customerType: text("customer_type").$type<CustomerType>().notNull().default("private"),
    newsletterSubscribed: boolean("newsletter_subscribed").notNull().default(false),
    avatarUrl: text("avatar_url"),
    /** The language the user last used: their mails are written in it. */
    language: text("language").notNull().default("en"),
    ...timestamps,
  },
  (table) => [check("profiles_customer_type_check", sql`${table.customerType} in ('private', 'business')`)],
);

/** better-auth's rate-limit counters (storage "database"), shared by every server process. */
export const rateLimit = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Messages sent through the contact form (always stored; mailed to CONTACT_TO when set). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Console inbox state (migration 0004). */
    readAt: timestamp("read_at", { withTimezone: true }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (table) => [index("contact_messages_created_at_idx").on(table.createdAt.desc())],
);

/**
 * Per-window counters for our own rate limits (contact form, account actions): one row per key and
 * window, so every server process shares the limit; app/lib/rate-limit.server.ts weighs the
 * previous window in (sliding-window estimate).
 */
export const requestCounters = pgTable(
  "request_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/* ---------- operator console (migration 0004, ADR 0020) ---------- */

export const CONSOLE_ROLES = ["admin", "editor"] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** Who may use the console at /admin: one role per account (admin: everything; editor: media, categories, inbox). */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").$type<ConsoleRole>().notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    grantedBy: text("granted_by"),
  },
  (table) => [check("user_roles_role_check", sql`${table.role} in ('admin', 'editor')`)],
);

/** Every change made in the console: who, when, what, and the changed fields before/after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the entry outlives a deleted account; the e-mail says who it was. */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    summary: text("summary"),
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at.desc(), table.id.desc()),
    index("audit_log_entity_idx").on(table.entity, table.at.desc()),
  ],
);

/** Site settings edited in the console (key "site": the company's facts); app/config/site.ts holds the defaults. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/** Answers to contact messages sent from the console's inbox (mailed through the outbox). */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    authorId: text("author_id"),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    /** The reply's mail while `mail_log` keeps it (the sent-mail retention removes it). */
    mailId: bigint("mail_id", { mode: "number" }).references(() => mailLog.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_replies_message_idx").on(table.messageId, table.createdAt)],
);

/** One row per counted download, no account (written by increment_download_count), for the console's downloads per day. */
export const mediaDownloadEvents = pgTable(
  "media_download_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mediaItemId: uuid("media_item_id").references(() => mediaItems.id, { onDelete: "set null" }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("media_download_events_at_idx").on(table.downloadedAt),
    index("media_download_events_item_idx").on(table.mediaItemId, table.downloadedAt),
  ],
);

/* ---------- privacy (migration 0005) ---------- */

export const NEWSLETTER_CONSENT_STATUSES = ["pending", "confirmed", "withdrawn", "cancelled"] as const;
export type NewsletterConsentStatus = (typeof NEWSLETTER_CONSENT_STATUSES)[number];

/**
 * Newsletter double opt-in with its proof (GDPR Art. 7(1), § 7 UWG): one row per request, with the
 * form, the wording shown and its version, the language, when it was asked, confirmed and withdrawn.
 * `profiles.newsletter_subscribed` is true only while a confirmed row is not withdrawn.
 */
export const newsletterConsents = pgTable(
  "newsletter_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status").$type<NewsletterConsentStatus>().notNull().default("pending"),
    /** The form the consent was asked in: "signup" or "profile". */
    source: text("source").notNull(),
    wording: text("wording").notNull(),
    wordingVersion: text("wording_version").notNull(),
    language: text("language").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the confirmation token mailed to the address (the token itself is never stored). */
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** "profile", "one-click" (RFC 8058 POST), "unsubscribe-page", "superseded". */
    withdrawnVia: text("withdrawn_via"),
  },
  (table) => [
    index("newsletter_consents_user_idx").on(table.userId, table.requestedAt),
    uniqueIndex("newsletter_consents_token_idx").on(table.tokenHash),
    check("newsletter_consents_status_check", sql`${table.status} in ('pending', 'confirmed', 'withdrawn', 'cancelled')`),
  ],
);

/** The account's Shopify customer, linked by its id (never looked up by e-mail address). */
export const shopCustomers = pgTable("shop_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  shopifyCustomerId: text("shopify_customer_id").notNull(),
  /** False when the address already had a customer in the shop: we never delete that one. */
  createdByUs: boolean("created_by_us").notNull().default(true),
  syncedEmail: text("synced_email").notNull(),
  syncedMarketingState: text("synced_marketing_state"),
  ...timestamps,
});

/** Downloads made by an account (shown in the data export; deleted with the account). */
export const mediaDownloads = pgTable(
  "media_downloads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    mediaItemId: uuid("media_item_id").references(() => mediaItems.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("media_downloads_user_idx").on(table.userId, table.id),
    // One count per account and item per hour (migration 0013).
    index("media_downloads_user_item_idx").on(table.userId, table.mediaItemId, table.createdAt),
  ],
);

/** "Tell me when it opens" on /academy and /tandem: double opt-in addresses (migration 0006). */
export const launchNotifications = pgTable(
  "launch_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    language: text("language").notNull().default("en"),
    /** SHA-256 (hex) of the token in the confirmation link. */
    tokenHash: text("token_hash").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("launch_notifications_email_topic_unique").on(table.email, table.topic),
    // 'shop': issue 27, migration 0030.
    check("launch_notifications_topic_check", sql`${table.topic} in ('academy', 'tandem', 'shop')`),
    index("launch_notifications_created_at_idx").on(table.createdAt.desc()),
  ],
);

/* ---------- limits a stranger cannot turn against the owner (migration 0013, ADR 0043) ---------- */

/** The reset links that were mailed (reset-mail.server.ts): the newest of the day may be made valid again. */
export const passwordResetMails = pgTable(
  "password_reset_mails",
  {
    verificationId: text("verification_id")
      .primaryKey()
      .references(() => verification.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("password_reset_mails_user_idx").on(table.userId, table.mailedAt)],
);

// Background work (ADR 0046, migration 0016): the queue itself is pg-boss's schema "pgboss".
/**
 * Mails as the member's data export and the console show them. `content` (body, Reply-To,
 * headers) is kept only while the mail is to be sent: cleared when its job ends in any state.
 */
export const mailLog = pgTable(
  "mail_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    content: jsonb("content").$type<{ text: string; html: string; replyTo?: string; headers?: Record<string, string> }>(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The notice to an account being erased: no row is left once its job ended. */
    eraseWhenDone: boolean("erase_when_done").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("mail_log_recipient_idx").using("btree", sql`lower(${table.recipient})`),
    check("mail_log_status_check", sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Jobs the old outbox still had to run, queued on pg-boss at the first start (outbox-handover.server.ts). */
export const outboxHandover = pgTable("outbox_handover", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  kind: text("kind").notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
});

/*
 * A second factor (issue 28, ADR 0044, migration 0014): better-auth's two-factor and passkey
 * plugins' tables under their own names (property names are the plugins' field names), the
 * account's `two_factor_enabled` and, per session, when it last passed a second factor
 * (`second_factor_at`) and last used the console (`console_seen_at`).
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [index("two_factor_secret_idx").on(table.secret), index("two_factor_user_id_idx").on(table.userId)],
);

export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    aaguid: text("aaguid"),
  },
  (table) => [index("passkey_user_id_idx").on(table.userId), index("passkey_credential_id_idx").on(table.credentialID)],
);

/* ---------- redirects (issue 23, ADR 0055, migration 0017) ---------- */

/**
 * Permanent redirects from old paths, added in the console and served by the request guard before
 * anything else. `fromPath`: the old address in the guard's canonical form, lower case
 * (app/lib/site-path.ts redirectKeyOf); `target`: a path on this site, as the URL parser resolved it.
 * `createdBy` is the console user's e-mail (no foreign key, like the audit log: it outlives the account).
 */
export const redirects = pgTable(
  "redirects",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fromPath: text("from_path").notNull(),
    target: text("target").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("redirects_from_path_unique").on(table.fromPath),
    check(
      "redirects_paths_check",
      sql`left(${table.fromPath}, 1) = '/' AND left(${table.target}, 1) = '/' AND length(${table.fromPath}) <= 1000 AND length(${table.target}) <= 1000`,
    ),
  ],
);

// --- Pages as content (issue 23, ADR 0054; migration 0018) ---

/** One field's override: the operator's text and the file default it replaced (to flag a newer default). */
export interface FieldOverride {
  value: string;
  default: string;
}
/** Overrides of one namespace in one language, by dotted field path. */
export type FieldOverrides = Record<string, FieldOverride>;

export const pageContent = pgTable(
  "page_content",
  {
    namespace: text("namespace").notNull(),
    language: text("language").notNull(),
    published: jsonb("published").$type<FieldOverrides>().notNull().default({}),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: text("published_by"),
    /** The overrides a publish would make live; null: no draft. */
    draft: jsonb("draft").$type<FieldOverrides>(),
    draftAt: timestamp("draft_at", { withTimezone: true }),
    draftBy: text("draft_by"),
    /** Set: this language is unpublished and the page shows the default language (ADR 0058; migration 0019). */
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true }),
    unpublishedBy: text("unpublished_by"),
  },
  (table) => [
    primaryKey({ name: "page_content_pkey", columns: [table.namespace, table.language] }),
    check("page_content_language_check", sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

export const pageContentVersions = pgTable(
  "page_content_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    namespace: text("namespace").notNull(),
    language: text("language").notNull(),
    fields: jsonb("fields").$type<FieldOverrides>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text("published_by"),
    publishedByEmail: text("published_by_email"),
  },
  (table) => [index("page_content_versions_page_idx").on(table.namespace, table.language, table.publishedAt.desc())],
);

/* Scheduled publish of content pages (ADR 0059, migration 0020). */

/** A draft's publish at a time: one per page and language; its pg-boss job names the row by `id`. */
export const pageSchedules = pgTable(
  "page_schedules",
  {
    namespace: text("namespace").notNull(),
    language: text("language").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
    scheduledBy: text("scheduled_by").notNull(),
    scheduledByEmail: text("scheduled_by_email").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "page_schedules_pkey", columns: [table.namespace, table.language] }),
    unique("page_schedules_id_unique").on(table.id),
    check("page_schedules_language_check", sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

/* The system view (ADR 0065, migration 0025): the last errors of every server process (app/lib/error-log.server.ts). */
export const recentErrors = pgTable("recent_errors", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  requestId: text("request_id"),
  process: text("process").notNull(),
  message: text("message").notNull(),
});

// --- Media in three languages (issue 23, ADR 0060; migration 0021) ---

/** A category's name per site language other than its English `name`. */
export type CategoryNames = Partial<Record<"de" | "es", string>>;

/**
 * An item's texts in another site language than its own (the item's columns hold its own). A field
 * left null falls back to the item's; the search vector is stemmed in the row's language.
 */
const translationTextColumns = () => ({
  mediaItemId: uuid("media_item_id")
    .notNull()
    .references(() => mediaItems.id, { onDelete: "cascade" }),
  language: text("language").notNull(),
  title: text("title"),
  description: text("description"),
  altText: text("alt_text"),
  searchableText: text("searchable_text"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const mediaItemTranslations = pgTable(
  "media_item_translations",
  {
    ...translationTextColumns(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(languageStemmedVector),
  },
  (table) => [
    primaryKey({ name: "media_item_translations_pkey", columns: [table.mediaItemId, table.language] }),
    index("media_item_translations_search_idx").using("gin", table.searchVector),
    // The page's language first: the list's join for a language no item is translated into reads nothing (migration 0032).
    index("media_item_translations_language_idx").on(table.language, table.mediaItemId),
    check("media_item_translations_language_check", sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

/**
 * An item's texts in another language that are not public yet (ADR 0089): what a translation import
 * or "start from the original" wrote. No public reader uses it; saving the item's form publishes it.
 */
export const mediaItemTranslationDrafts = pgTable("media_item_translation_drafts", translationTextColumns(), (table) => [
  primaryKey({ name: "media_item_translation_drafts_pkey", columns: [table.mediaItemId, table.language] }),
  check("media_item_translation_drafts_language_check", sql`${table.language} in ('en', 'de', 'es')`),
]);

// --- Media search across languages (issue 29, ADR 0069; migration 0029) ---

/** The words a misspelt search word is corrected to (filled by the search triggers, never by the app). */
export const mediaSearchWords = pgTable("media_search_words", { word: text("word").primaryKey() });

/* ---------- backups (ADR 0064) ---------- */

/** One backup or restore: where it went, how big, what it held; `error` set when it failed. */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<"backup" | "restore" | "drill">().notNull(),
    location: text("location"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    tables: integer("tables"),
    rows: bigint("rows", { mode: "number" }),
    files: integer("files"),
    fileBytes: bigint("file_bytes", { mode: "number" }),
    encrypted: boolean("encrypted"),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    /** Backups from the console (ADR 0071): when "keep N" removed the file (the row stays, as history). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** A drill's backup (the run it restored into a scratch database). */
    backupId: bigint("backup_id", { mode: "number" }).references((): AnyPgColumn => backupRuns.id, { onDelete: "cascade" }),
  },
  (table) => [
    index("backup_runs_kind_finished_idx").on(table.kind, table.finishedAt.desc()),
    index("backup_runs_backup_idx").on(table.backupId),
    check("backup_runs_kind_check", sql`${table.kind} in ('backup', 'restore', 'drill')`),
  ],
);

/* ---------- newsletter issues and sending (issue 24, ADR 0067; migration 0027) ---------- */

export const NEWSLETTER_ISSUE_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];
export const NEWSLETTER_DELIVERY_STATES = ["pending", "sending", "sent", "failed", "unsubscribed", "suppressed"] as const;
export type NewsletterDeliveryState = (typeof NEWSLETTER_DELIVERY_STATES)[number];

/** A newsletter issue: its texts are per language (`newsletterIssueVersions`); a send fixes the audience. */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    status: text("status").$type<NewsletterIssueStatus>().notNull().default("draft"),
    /** Kept out of the public archive. */
    private: boolean("private").notNull().default(false),
    /** The welcome mail: sent to each new subscriber after confirming, never to the list (one issue at most). */
    welcome: boolean("welcome").notNull().default(false),
    /** Subscribers whose language has no version: "skip" them, or send them the "default" (English) one. */
    missingLanguage: text("missing_language").$type<"skip" | "default">().notNull().default("skip"),
    /** null: every language. */
    segmentLanguages: text("segment_languages").array(),
    segmentCustomerType: text("segment_customer_type").$type<CustomerType>(),
    /** When the send starts (now or the scheduled time). */
    sendAt: timestamp("send_at", { withTimezone: true }),
    sendRequestedBy: text("send_requested_by"),
    /** When the recipients were fixed (the send's first step). */
    snapshotAt: timestamp("snapshot_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("newsletter_issues_slug_unique").on(table.slug),
    check("newsletter_issues_status_check", sql`${table.status} in ('draft', 'scheduled', 'sending', 'sent')`),
    check("newsletter_issues_missing_language_check", sql`${table.missingLanguage} in ('skip', 'default')`),
    uniqueIndex("newsletter_issues_one_welcome")
      .on(table.welcome)
      .where(sql`${table.welcome}`),
    check(
      "newsletter_issues_customer_type_check",
      sql`${table.segmentCustomerType} is null or ${table.segmentCustomerType} in ('private', 'business')`,
    ),
  ],
);

export const newsletterIssueVersions = pgTable(
  "newsletter_issue_versions",
  {
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    preheader: text("preheader").notNull().default(""),
    /** A rich-text document (ADR 0061), read through app/lib/rich-text.ts. */
    body: jsonb("body").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "newsletter_issue_versions_pkey", columns: [table.issueId, table.language] }),
    check("newsletter_issue_versions_language_check", sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

/** One recipient of a send; `claimed_*` name the PostgreSQL session of the process sending it (ADR 0067). */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    consentId: uuid("consent_id").notNull(),
    email: text("email").notNull(),
    /** The language of the mail (the consent's, or the default language for "default"). */
    language: text("language").notNull(),
    consentLanguage: text("consent_language").notNull(),
    state: text("state").$type<NewsletterDeliveryState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedPid: integer("claimed_pid"),
    claimedBackendStart: timestamp("claimed_backend_start", { withTimezone: true }),
    error: text("error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A bounce or complaint that answered this mail (ADR 0073, migration 0033). */
    bounce: text("bounce").$type<NewsletterBounceKind>(),
  },
  (table) => [
    unique("newsletter_deliveries_issue_consent_unique").on(table.issueId, table.consentId),
    index("newsletter_deliveries_open_idx")
      .on(table.issueId, table.id)
      .where(sql`${table.state} in ('pending', 'sending')`),
    check(
      "newsletter_deliveries_state_check",
      sql`${table.state} in ('pending', 'sending', 'sent', 'failed', 'unsubscribed', 'suppressed')`,
    ),
    check("newsletter_deliveries_bounce_check", sql`${table.bounce} is null or ${table.bounce} in ('hard', 'soft', 'complaint')`),
  ],
);

/* ---------- news posts (issue 24, ADR 0066; migration 0026) ---------- */

/** A post's texts in one language, as the form holds them (`body`: the rich text's JSON, ADR 0061). */
export interface NewsFields {
  title: string;
  slug: string;
  summary: string;
  body: string;
  /** A media library item (an image), or "" for none. */
  coverId: string;
  tags: string[];
}

export const newsPosts = pgTable("news_posts", {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: text("created_by"),
});

/** One language of a post: its draft and what visitors read; live while `published` is set and `unpublishedAt` is not. */
export const newsPostLanguages = pgTable(
  "news_post_languages",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => newsPosts.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    draft: jsonb("draft").$type<NewsFields>(),
    draftAt: timestamp("draft_at", { withTimezone: true }),
    draftBy: text("draft_by"),
    published: jsonb("published").$type<NewsFields>(),
    publishedSlug: text("published_slug"),
    /** The first publish: the article's date. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The latest publish. */
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    publishedBy: text("published_by"),
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: "news_post_languages_pkey", columns: [table.postId, table.language] }),
    uniqueIndex("news_post_languages_slug_idx").on(table.language, table.publishedSlug),
    index("news_post_languages_live_idx")
      .on(table.language, table.publishedAt.desc())
      .where(sql`${table.published} is not null and ${table.unpublishedAt} is null`),
    check("news_post_languages_language_check", sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

export const newsPostVersions = pgTable(
  "news_post_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => newsPosts.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    fields: jsonb("fields").$type<NewsFields>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text("published_by"),
    publishedByEmail: text("published_by_email"),
  },
  (table) => [index("news_post_versions_post_idx").on(table.postId, table.language, table.publishedAt.desc())],
);

export const newsSchedules = pgTable(
  "news_schedules",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => newsPosts.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
    scheduledBy: text("scheduled_by").notNull(),
    scheduledByEmail: text("scheduled_by_email").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "news_schedules_pkey", columns: [table.postId, table.language] }),
    unique("news_schedules_id_unique").on(table.id),
    check("news_schedules_language_check", sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

/* ---------- analytics without tracking (issue 25, ADR 0068) ---------- */

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** The salt of the current UTC day (visitor hashes); older days' salts are deleted when it rotates. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: bytea("salt").notNull(),
});

/** Counted requests (no address, no user agent): page views, 404s, library searches, previews, gated downloads. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    day: date("day").notNull(),
    kind: text("kind").$type<"view" | "not_found" | "search" | "preview" | "gated_download">().notNull(),
    path: text("path").notNull().default(""),
    language: text("language").notNull().default(""),
    browserLanguage: text("browser_language").notNull().default(""),
    referrer: text("referrer").notNull().default(""),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    /** sha256(daily salt, site, address, user agent), first 8 bytes: the same visitor within one day only. */
    visitor: bytea("visitor").notNull(),
    query: text("query").notNull().default(""),
    filters: text("filters").notNull().default(""),
    results: integer("results"),
    itemId: uuid("item_id"),
  },
  (table) => [
    index("analytics_events_day_idx").on(table.day),
    check("analytics_events_kind_check", sql`${table.kind} in ('view', 'not_found', 'search', 'preview', 'gated_download')`),
  ],
);

/** Daily sums per dimension (page, language, referrer, campaign, search, ...): what the console reads. */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    dimension: text("dimension").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull(),
    detail: text("detail").notNull().default(""),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
    zeroResults: integer("zero_results").notNull().default(0),
  },
  (table) => [primaryKey({ name: "analytics_daily_pkey", columns: [table.dimension, table.day, table.key, table.detail] })],
);

/** Days the roll-up has summed; a final one is not summed again. */
export const analyticsRollups = pgTable("analytics_rollups", {
  day: date("day").primaryKey(),
  final: boolean("final").notNull(),
  rolledUpAt: timestamp("rolled_up_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- newsletter bounces and suppressions (issue 24, ADR 0073; migration 0033) ---------- */

export const NEWSLETTER_BOUNCE_KINDS = ["hard", "soft", "complaint"] as const;
export type NewsletterBounceKind = (typeof NEWSLETTER_BOUNCE_KINDS)[number];
export const SUPPRESSION_REASONS = ["hard_bounce", "soft_bounces", "complaint"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
/** Where a bounce came from: the bounce mailbox read over IMAP, or a provider's webhook. */
export type BounceSource = "mailbox" | "webhook";

/** An address no newsletter goes to (lower case), and why; the operator may lift it. */
export const newsletterSuppressions = pgTable(
  "newsletter_suppressions",
  {
    email: text("email").primaryKey(),
    reason: text("reason").$type<SuppressionReason>().notNull(),
    detail: text("detail").notNull().default(""),
    source: text("source").$type<BounceSource>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("newsletter_suppressions_reason_check", sql`${table.reason} in ('hard_bounce', 'soft_bounces', 'complaint')`),
    check("newsletter_suppressions_source_check", sql`${table.source} in ('mailbox', 'webhook')`),
    check("newsletter_suppressions_email_check", sql`${table.email} = lower(${table.email})`),
  ],
);

/** One bounce or complaint as it arrived; soft ones are counted within BOUNCE_SOFT_WINDOW_DAYS. */
export const newsletterBounces = pgTable(
  "newsletter_bounces",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    kind: text("kind").$type<NewsletterBounceKind>().notNull(),
    /** The RFC 3463 status code (5.1.1), when the report gave one. */
    status: text("status").notNull().default(""),
    detail: text("detail").notNull().default(""),
    source: text("source").$type<BounceSource>().notNull(),
    deliveryId: bigint("delivery_id", { mode: "number" }).references(() => newsletterDeliveries.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("newsletter_bounces_email_idx").on(table.email, table.receivedAt),
    check("newsletter_bounces_kind_check", sql`${table.kind} in ('hard', 'soft', 'complaint')`),
    check("newsletter_bounces_source_check", sql`${table.source} in ('mailbox', 'webhook')`),
  ],
);

// --- Console invitations (issue 26, ADR 0074; migration 0034) ---

/**
 * An admin's invitation of an address to the console with a role: its link's token is stored only
 * as a SHA-256 hash; usable once, until `expiresAt`, unless revoked.
 */
export const consoleInvitations = pgTable(
  "console_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").$type<ConsoleRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    language: text("language").notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    invitedByEmail: text("invited_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: text("accepted_user_id").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("console_invitations_pending_idx")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    check("console_invitations_role_check", sql`${table.role} in ('admin', 'editor')`),
    check("console_invitations_language_check", sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

/* ---------- Media library: the filters' counts without a search (migration 0032, ADR 0072) ---------- */

/**
 * Published items per (type group, language, licence groups): once per item (`categoryId` null) and
 * once per category link. Kept by triggers on media_items and media_categories; read by countFacets.
 */
export const mediaFacetCounts = pgTable(
  "media_facet_counts",
  {
    categoryId: uuid("category_id"),
    typeGroup: text("type_group").notNull(),
    language: text("language").notNull(),
    commercial: boolean("commercial").notNull(),
    modification: boolean("modification").notNull(),
    n: integer("n").notNull(),
  },
  (table) => [
    unique("media_facet_counts_key")
      .on(table.categoryId, table.typeGroup, table.language, table.commercial, table.modification)
      .nullsNotDistinct(),
  ],
);

/* ---------- Media library: a search's filter counts (migration 0047, ADR 0092) ---------- */

/** The combinations of type group, language, licence groups and categories items count under. */
export const mediaFacetKeys = pgTable(
  "media_facet_keys",
  {
    key: integer("key").primaryKey().generatedAlwaysAsIdentity(),
    typeGroup: text("type_group").notNull(),
    language: text("language").notNull(),
    commercial: boolean("commercial").notNull(),
    modification: boolean("modification").notNull(),
    /** Sorted, so a set of categories has one key. */
    categoryIds: uuid("category_ids").array().notNull(),
  },
  (table) => [
    unique("media_facet_keys_facets").on(table.typeGroup, table.language, table.commercial, table.modification, table.categoryIds),
  ],
);

/** Per published item: its search document, facet key and date, kept by triggers; a search's counts group these, a ranking sorts these. */
export const mediaSearch = pgTable(
  "media_search",
  {
    mediaItemId: uuid("media_item_id")
      .primaryKey()
      .references(() => mediaItems.id, { onDelete: "cascade" }),
    facetKey: integer("facet_key").notNull(),
    /** The item's, for the ties of a ranking. */
    createdAt: timestamp("created_at", { withTimezone: true }),
    document: tsvector("document").notNull(),
  },
  (table) => [
    index("media_search_document_idx").using("gin", table.document).with({ fastupdate: false }),
    index("media_search_titles_idx")
      .using("gin", sql`ts_filter(${table.document}, '{a}')`)
      .with({ fastupdate: false }),
  ],
);

/* ---------- Data requests handled in the console (migration 0041, ADR 0084) ---------- */

export type PrivacyRequestKind = "export" | "erasure";

/** That a request for an address was answered: the address only as SHA-256 of its lower case, the counts without the data. */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<PrivacyRequestKind>().notNull(),
    emailHash: text("email_hash").notNull(),
    handledByEmail: text("handled_by_email").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
  },
  (table) => [
    index("privacy_requests_email_hash_idx").on(table.emailHash),
    index("privacy_requests_handled_at_idx").on(table.handledAt.desc()),
    check("privacy_requests_kind_check", sql`${table.kind} in ('export', 'erasure')`),
  ],
);
