/** Inbox values shared by the server and the console's pages. */
export const INBOX_STATUSES = ["all", "unread", "open", "handled"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const REPLY_MAX_LENGTH = 5000;
