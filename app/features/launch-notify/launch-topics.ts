/** The pages that are "coming soon" and offer "tell me when it opens". */
export const LAUNCH_TOPICS = ["academy", "tandem"] as const;
export type LaunchTopic = (typeof LAUNCH_TOPICS)[number];

export function isLaunchTopic(value: unknown): value is LaunchTopic {
  return typeof value === "string" && (LAUNCH_TOPICS as readonly string[]).includes(value);
}

export interface LaunchNotifyResult {
  status: "sent" | "invalid" | "rate-limited" | "error";
  topic?: LaunchTopic;
}
