import { useCallback, useEffect, useRef, useState } from "react";
import { useIntentFetcher, useFormAnswer } from "~/components/form";
import type { FormAnswer } from "~/lib/form-submission";
import { loadOnce } from "~/lib/load-once";

/**
 * A passkey ceremony in two posts to the page's action (ADR 0044): `passkeyOptions` answers
 * better-auth's WebAuthn options (and sets its challenge cookie), the browser asks the
 * authenticator, `passkey` sends the answer to be verified. SimpleWebAuthn's browser code loads
 * only when a passkey button is pressed (ADR 0013).
 */
const loadWebAuthn = loadOnce(() => import("@simplewebauthn/browser"));

type OptionsAnswer = FormAnswer<{ passkeyOptions?: Record<string, unknown> }>;

export function usePasskey(kind: "authenticate" | "register", onDone?: (answer: FormAnswer) => void) {
  const options = useIntentFetcher<OptionsAnswer>("passkeyOptions");
  const verify = useIntentFetcher<FormAnswer>("passkey");
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const returnTo = useRef<string | null>(null);
  const started = useRef<object | null>(null);

  useEffect(() => {
    const answer = options.fetcher.data;
    if (!answer || started.current === answer) return;
    started.current = answer;
    if (!answer.ok || !answer.passkeyOptions) {
      setProblem(answer.error ?? "twostep.errors.passkeyFailed");
      return;
    }
    const optionsJSON = answer.passkeyOptions;
    setAsking(true);
    void (async () => {
      try {
        const webauthn = await loadWebAuthn();
        const response =
          kind === "register"
            ? await webauthn.startRegistration({ optionsJSON: optionsJSON as never })
            : await webauthn.startAuthentication({ optionsJSON: optionsJSON as never });
        const form = {
          intent: "passkey",
          js: "1",
          response: JSON.stringify(response),
          ...(returnTo.current ? { returnTo: returnTo.current } : {}),
        };
        await verify.fetcher.submit(form, { method: "post" });
      } catch {
        setProblem("twostep.errors.passkeyCancelled");
      } finally {
        setAsking(false);
      }
    })();
  }, [options.fetcher.data, verify.fetcher, kind]);

  const answer = verify.fetcher.data;
  useEffect(() => {
    if (answer && !answer.ok) setProblem(answer.error ?? "twostep.errors.passkeyFailed");
  }, [answer]);
  useFormAnswer(answer, onDone);

  const start = useCallback(
    (next?: string | null) => {
      setProblem(null);
      returnTo.current = next ?? null;
      void options.fetcher.submit({ intent: "passkeyOptions", js: "1" }, { method: "post" });
    },
    [options.fetcher],
  );
  return { start, problem, busy: options.busy || verify.busy || asking };
}
