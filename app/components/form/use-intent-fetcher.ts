import { useActionData, useFetcher } from "react-router";
import type { FormAnswer } from "~/lib/form-submission";

/**
 * A form's fetcher and its latest answer: the fetcher's data with JavaScript, or the page's action
 * data for this intent when the form was posted without JavaScript. `busy` while it is sent (not while
 * Conform checks a field by the action).
 */
export function useIntentFetcher<Answer extends FormAnswer<object>>(intent: string) {
  const fetcher = useFetcher<Answer>({ key: intent });
  const actionData = useActionData() as Answer | undefined;
  const answer = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  // Conform checking a field (its hidden `__intent__` button) goes to the action while the rules load:
  // that is not the form being sent, so the submit button stays as it is (and a press on it is not lost).
  const checking = fetcher.formData?.has("__intent__") ?? false;
  return { fetcher, answer, busy: fetcher.state !== "idle" && !checking };
}
