import { subscribeToChanges } from "../../app/lib/change-bus.server";

/** Resolves when the change bus delivers `topic` in this process (subscribe after what it waits for). */
export function nextChange(topic: string) {
  return new Promise<void>((resolve) => {
    const unsubscribe = subscribeToChanges((seen) => {
      if (seen !== topic) return;
      unsubscribe();
      resolve();
    });
  });
}
