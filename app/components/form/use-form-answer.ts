import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
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
 */
export function useFormAnswer<Answer extends FormAnswer<object>>(answer: Answer | undefined, onSuccess?: (answer: Answer) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!answer || handledAnswers.has(answer)) return;
    handledAnswers.add(answer);
    const note = answer.toast;
    if (note) showFormToast(t(note.title), note.description && t(note.description, note.values ?? {}), note.tone);
    if (!answer.ok) return;
    onSuccess?.(answer);
    if (answer.redirectTo) void navigate(answer.redirectTo);
    // onSuccess may change every render: the answer decides when this runs (once per answer).
  }, [answer, navigate, t, onSuccess]);
}

/** A form toast (translated text), replacing the previous one. */
export function showFormToast(title: string, description?: string, tone: "success" | "error" = "success") {
  toast[tone](title, { description: description || undefined, id: FORM_TOAST_ID, duration: FORM_TOAST_MS });
}
