import { useActionData, useFetcher } from "react-router";
import type { FormAnswer } from "~/lib/form-submission";

/**
 * A form's fetcher and its latest answer: the fetcher's data with JavaScript, or the page's action
 * data for this intent when the form was posted without JavaScript. `busy` while it is sent.
 */
export function useIntentFetcher<Answer extends FormAnswer<object>>(intent: string) {
  const fetcher = useFetcher<Answer>({ key: intent });
  const actionData = useActionData() as Answer | undefined;
  const answer = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  return { fetcher, answer, busy: fetcher.state !== "idle" };
}
