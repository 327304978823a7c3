/** The pages that are "coming soon" and offer "tell me when it opens". */
export const LAUNCH_TOPICS = ["academy", "tandem"] as const;
export type LaunchTopic = (typeof LAUNCH_TOPICS)[number];

export interface LaunchNotifyResult {
  status: "sent" | "invalid" | "rate-limited" | "error";
  topic?: LaunchTopic;
}
