import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import type { ConsoleAnswer } from "./console-form";

/** How long after the last keystroke the draft is saved. */
export const AUTOSAVE_DELAY_MS = 2000;
/** Marks an autosave's post: the editor's route does not reload its data for it (the form stays as typed). */
export const AUTOSAVE_FIELD = "autosave";

/** An editor route's `shouldRevalidate`: an autosave changes nothing the form does not hold already, so no reload (the form keeps its caret). */
export function skipAutosaveReload({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get(AUTOSAVE_FIELD) === "1" ? false : defaultShouldRevalidate;
}

/**
 * Autosave of the page editor (ADR 0059): AUTOSAVE_DELAY_MS after the last change the whole form is
 * posted, through a fetcher of its own, to the same "save" intent as the button (a draft, audited, the
 * public page unchanged). Two tabs editing one page: the last save wins, as with the button. A post of
 * the form itself (save, publish, discard) drops a pending autosave.
 */
export function usePageAutosave(target: string) {
  const fetcher = useFetcher<ConsoleAnswer>({ key: `autosave-${target}` });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastSent = useRef<string>(undefined);
  // A change not yet saved, and the editor's address it belongs to (the address changes before a link's unmount).
  const pending = useRef<{ form: HTMLFormElement; action: string }>(undefined);

  const dataOf = (form: HTMLFormElement) => {
    const data = new FormData(form);
    data.set("intent", "save");
    data.set(AUTOSAVE_FIELD, "1");
    const body = JSON.stringify([...data.entries()]);
    if (body === lastSent.current) return undefined;
    lastSent.current = body;
    return data;
  };
  const save = (form: HTMLFormElement) => {
    pending.current = undefined;
    const data = dataOf(form);
    if (data) void fetcher.submit(data, { method: "post" });
  };

  // Leaving with a change not yet saved (a link in the console, or the tab closed): it is sent at once, by a
  // request that outlives the page (keepalive), to the same action.
  // The first render's function: it reads only refs, so it stays right for the editor's life.
  const flush = useRef(() => {
    const left = pending.current;
    clearTimeout(timer.current);
    pending.current = undefined;
    const data = left && dataOf(left.form);
    if (left && data)
      void fetch(left.action, { method: "POST", body: data, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
  });
  useEffect(() => {
    const onPageHide = () => flush.current();
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush.current();
    };
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onHidden);
    };
  }, []);
  // A link inside the console unmounts the editor: a layout effect's cleanup runs while the form is still in
  // the document; a passive one runs after it was removed, when the fields' form="…" (an id) may name nothing.
  useLayoutEffect(() => () => flush.current(), []);

  return {
    fetcher,
    onInput(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      pending.current = { form, action: window.location.pathname + window.location.search };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => save(form), AUTOSAVE_DELAY_MS);
    },
    /** The form's submit capture: a post of the form itself (save, publish, discard) drops a pending autosave. */
    onSubmitCapture(event: FormEvent<HTMLFormElement>) {
      // Conform validates a field when it loses focus by a submit of its own, with a button of its own (not
      // one of the form's `intent` buttons), which it stops: that is no post, the change must still be saved.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter && submitter.getAttribute("name") !== "intent") return;
      clearTimeout(timer.current);
      pending.current = undefined;
    },
  };
}

/** The autosave's state, read out politely by screen readers: "Saving...", "Saved at 14:05", or why not. */
export function AutosaveStatus({ fetcher }: { fetcher: ReturnType<typeof usePageAutosave>["fetcher"] }) {
  const { t, language } = useTranslation();
  // The time of the answer, so an operator back from a break sees how fresh the draft is.
  const [savedAt, setSavedAt] = useState<{ answer: ConsoleAnswer; at: Date }>();
  if (fetcher.state === "idle" && fetcher.data?.ok && savedAt?.answer !== fetcher.data)
    setSavedAt({ answer: fetcher.data, at: new Date() });
  const time = savedAt ? new Intl.DateTimeFormat(language, { timeStyle: "short" }).format(savedAt.at) : "";
  const text =
    fetcher.state !== "idle"
      ? t("admin.pages.autosave.saving")
      : fetcher.data
        ? fetcher.data.ok
          ? t("admin.pages.autosave.savedAt", { time })
          : t("admin.pages.autosave.failed")
        : t("admin.pages.autosave.note");
  return (
    <p role="status" aria-live="polite" data-testid="autosave-status" className="text-sm text-muted-foreground">
      {text}
    </p>
  );
}
