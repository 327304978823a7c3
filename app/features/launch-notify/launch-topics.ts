/** What is "coming soon" and offers "tell me when it opens": two pages, and the shop while no store is connected (its cart). */
export const LAUNCH_TOPICS = ["academy", "tandem", "shop"] as const;
export type LaunchTopic = (typeof LAUNCH_TOPICS)[number];

export function isLaunchTopic(value: unknown): value is LaunchTopic {
  return typeof value === "string" && (LAUNCH_TOPICS as readonly string[]).includes(value);
}

/** The page that shows a topic's form (where the answer goes back to without JavaScript). */
export function launchFormPath(topic: LaunchTopic) {
  return topic === "shop" ? "/shop/cart" : `/${topic}`;
}

export interface LaunchNotifyResult {
  status: "sent" | "invalid" | "rate-limited" | "error";
  topic?: LaunchTopic;
}
