import type { ConsoleRole } from "~/db/schema";

/**
 * Who may see which part of the console (issue 11): editors run media, categories and the
 * contact inbox; admins everything. Shared by the server gate (which route table a request
 * sees), every loader and action (requireConsole), and the console's navigation.
 */
export const CONSOLE_SECTIONS = {
  overview: ["admin", "editor"],
  media: ["admin", "editor"],
  categories: ["admin", "editor"],
  inbox: ["admin", "editor"],
  members: ["admin"],
  settings: ["admin"],
  audit: ["admin"],
  numbers: ["admin"],
  // Analytics (ADR 0068): no personal data, but the company's numbers: admins, like Numbers.
  analytics: ["admin"],
  // Privacy (issues 12, 13): personal data in bulk (mailing lists, their export) and the deletion periods.
  newsletter: ["admin"],
  retention: ["admin"],
  launches: ["admin"],
  // Data requests (ADR 0084): everything held for any address, exported or erased.
  "data-requests": ["admin"],
  // Redirects (ADR 0055): an old path can be sent to any page, legal ones included, so admins only.
  redirects: ["admin"],
  // Pages as content (issue 23, ADR 0054): editors draft and publish; a legal page needs an admin to publish (pages.server.ts).
  pages: ["admin", "editor"],
  // News posts (issue 24, ADR 0066): admins write and publish them.
  news: ["admin"],
  // The system view (ADR 0065): processes, queue, errors (their request ids lead into the log).
  system: ["admin"],
  // Mails with their recipients (personal data), retried or cancelled.
  outbox: ["admin"],
  // Backups (ADR 0071): a backup file holds every account and message of the site.
  backups: ["admin"],
} as const satisfies Record<string, readonly ConsoleRole[]>;

export type ConsoleSection = keyof typeof CONSOLE_SECTIONS;

export function canUse(role: ConsoleRole | null | undefined, section: ConsoleSection): boolean {
  return !!role && (CONSOLE_SECTIONS[section] as readonly string[]).includes(role);
}

/** The section a console path belongs to (`/admin/members/x.data` → members). */
export function sectionOfPath(pathname: string): ConsoleSection {
  const first = pathname.replace(/\.data$/, "").split("/")[2] ?? "";
  return first in CONSOLE_SECTIONS ? (first as ConsoleSection) : "overview";
}

/** Paths of the console: `/admin`, `/admin/...` and their data requests (`/admin.data`). */
export function isConsolePath(pathname: string) {
  return /^\/admin(?:$|\/|\.data$)/.test(pathname);
}
