import { subscribeToChanges } from "../../app/lib/change-bus.server";

/**
 * Resolves when this process hears `topic` on the change bus. Subscribed after the caches under test:
 * when it hears the change, they have heard it too (subscribers are called in order).
 */
export function nextChange(topic: string) {
  return new Promise<void>((resolve) => {
    const stop = subscribeToChanges((seen) => {
      if (seen !== topic) return;
      stop();
      resolve();
    });
  });
}
