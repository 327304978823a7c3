import type { FormAnswer } from "~/lib/form-submission";
import { useFormAnswer } from "./use-form-answer";
import { useIntentFetcher } from "./use-intent-fetcher";
import { useSchemaForm, type KitSchema, type SchemaFormOptions } from "./use-schema-form";

/**
 * The usual form in one call: its fetcher (`intent` names it and the action's handler), the
 * schema form fed with the answer, and the answer hook. `onSuccess` runs once per successful
 * answer (close a dialog…). Spread the result into <IntentForm>.
 */
export function useIntentForm<Answer extends FormAnswer<object>, S extends KitSchema = KitSchema>(
  intent: string,
  options: Omit<SchemaFormOptions<S>, "id" | "answer"> & { id?: string; onSuccess?: (answer: Answer) => void; ownAnswersOnly?: boolean },
) {
  const { onSuccess, ownAnswersOnly, id, ...schemaOptions } = options;
  const { fetcher, answer: anyAnswer, busy } = useIntentFetcher<Answer>(intent);
  // A dialog shows only what it sent itself (a post without JavaScript is answered elsewhere).
  const answer = (ownAnswersOnly ? fetcher.data : anyAnswer) as Answer | undefined;
  const [form, fields] = useSchemaForm({ ...schemaOptions, id: id ?? intent, answer });
  useFormAnswer(answer, onSuccess);
  return { intent, fetcher, form, fields, answer, busy };
}
