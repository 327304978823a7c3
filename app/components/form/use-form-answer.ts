import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { FormAnswer } from "~/lib/form-submission";

/** Every form toast shares this id: a new one replaces the last instead of piling up. */
export const FORM_TOAST_ID = "form-answer";
/** Long enough to read a title and a sentence (sonner's 4 s is short for 'Account Deleted' + its line). */
const FORM_TOAST_MS = 8000;

/**
 * Answers already handled, across components: a fetcher keeps its last answer, and a dialog that
 * opens again must not replay it (toast, close, navigate).
 */
const handledAnswers = new WeakSet<object>();

/**
 * The form kit's ONE hook for action answers. Errors are never toasted here: the form shows them
 * inline (fields and form error, through `useSchemaForm`). An answer's `toast` (a success whose
 * dialog closes, a navigation) replaces the previous form toast; then `onSuccess` runs and the
 * page follows `redirectTo`. Each answer is handled once, even when the form mounts again.
 *
 * The navigation waits until the form's fetcher has reloaded the page's data after its post
 * (`settled`): React Router ends a navigation that is still finding its route (lazy route
 * discovery) when that reload finishes, with the new address and the old page (the sign-in's
 * second step showed the sign-in form again).
 */
export function useFormAnswer<Answer extends FormAnswer<object>>(
  answer: Answer | undefined,
  onSuccess?: (answer: Answer) => void,
  settled = true,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [destination, setDestination] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!answer || handledAnswers.has(answer)) return;
    handledAnswers.add(answer);
    const note = answer.toast;
    if (note) showFormToast(t(note.title), note.description && t(note.description, note.values ?? {}), note.tone);
    if (!answer.ok) return;
    onSuccess?.(answer);
    if (answer.redirectTo) setDestination(answer.redirectTo);
    // onSuccess may change every render: the answer decides when this runs (once per answer).
  }, [answer, t, onSuccess]);
  useEffect(() => {
    if (!destination || !settled) return;
    setDestination(undefined);
    void navigate(destination);
  }, [destination, settled, navigate]);
}

/** A form toast (translated text), replacing the previous one. */
export function showFormToast(title: string, description?: string, tone: "success" | "error" = "success") {
  toast[tone](title, { description: description || undefined, id: FORM_TOAST_ID, duration: FORM_TOAST_MS });
}
