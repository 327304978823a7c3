/**
 * The retention periods an operator may change in the console (issue 12), with their units and
 * sane bounds. Browser-safe: the console's form reads the same limits the server enforces.
 * `env` names the variable whose value (or built-in default) applies while the console sets none.
 */
export const RETENTION_SETTINGS = [
  { key: "unconfirmedAccountDays", env: "RETENTION_UNCONFIRMED_ACCOUNT_DAYS", unit: "days", min: 1, max: 365 },
  { key: "contactMessageMonths", env: "RETENTION_CONTACT_MESSAGE_MONTHS", unit: "months", min: 1, max: 120 },
  { key: "sentMailDays", env: "RETENTION_SENT_MAIL_DAYS", unit: "days", min: 1, max: 365 },
  { key: "rateLimitHours", env: "RETENTION_RATE_LIMIT_HOURS", unit: "hours", min: 1, max: 720 },
  { key: "verificationHours", env: "RETENTION_VERIFICATION_HOURS", unit: "hours", min: 0, max: 720 },
  // A confirmation link is valid 7 days: its request must live at least that long.
  { key: "pendingNewsletterDays", env: "RETENTION_PENDING_NEWSLETTER_DAYS", unit: "days", min: 7, max: 365 },
  { key: "pendingLaunchDays", env: "RETENTION_PENDING_LAUNCH_DAYS", unit: "days", min: 1, max: 365 },
  { key: "launchSignupMonths", env: "RETENTION_LAUNCH_SIGNUP_MONTHS", unit: "months", min: 1, max: 60 },
  // Raw analytics events (ADR 0068); their daily sums stay. At least a day: the roll-up sums a day after it ended.
  { key: "analyticsEventDays", env: "RETENTION_ANALYTICS_EVENT_DAYS", unit: "days", min: 2, max: 730 },
  // The audit log and the records of handled data requests (ADR 0084): long enough to answer "who did this, and when".
  { key: "auditLogMonths", env: "RETENTION_AUDIT_LOG_MONTHS", unit: "months", min: 1, max: 120 },
] as const;

export type RetentionKey = (typeof RETENTION_SETTINGS)[number]["key"];
export type RetentionValues = Record<RetentionKey, number>;
export const RETENTION_KEYS = RETENTION_SETTINGS.map((setting) => setting.key) as RetentionKey[];

/** A stored override is used only when it is a whole number within its bounds (a hand-edited row cannot break the job). */
export function isValidRetentionValue(key: RetentionKey, value: unknown): value is number {
  const setting = RETENTION_SETTINGS.find((entry) => entry.key === key);
  return !!setting && typeof value === "number" && Number.isInteger(value) && value >= setting.min && value <= setting.max;
}
