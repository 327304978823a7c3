/* eslint-disable import-x/no-duplicates -- each icon is its own module (lucide-react/icons/…, ADR 0035); they share one type file */
import { Loader2 } from "lucide-react";
import Upload from "lucide-react/icons/upload";
import UserRound from "lucide-react/icons/user-round";
import { useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useFormAnswer, useIntentFetcher } from "~/components/form";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ProfileAnswer } from "./profile-actions.server";
import { AVATAR_MAX_BYTES } from "~/lib/field-limits";

/**
 * The avatar with 'Upload Profile Picture': the file is checked in the browser (an image, at most
 * 5 MB) and again on the server (its bytes must decode as an image); a problem shows under the
 * button, success as a toast with the new picture in place.
 */
export function AvatarUpload({ avatarUrl }: { avatarUrl: string | null }) {
  const { t } = useTranslation();
  const { fetcher, answer, busy } = useIntentFetcher<ProfileAnswer>("avatar");
  const form = useRef<HTMLFormElement>(null);
  const [browserError, setBrowserError] = useState<string | undefined>();
  useFormAnswer(answer);
  const shown = answer?.ok && answer.avatarUrl ? answer.avatarUrl : avatarUrl;
  const error = browserError ?? (answer?.ok === false ? answer.result.error?.avatar?.[0] : undefined);

  function check(file: File) {
    if (!file.type.startsWith("image/")) return "profile.errors.notImage";
    if (file.size > AVATAR_MAX_BYTES) return "profile.errors.tooLarge";
    return undefined;
  }

  return (
    <fetcher.Form ref={form} method="post" encType="multipart/form-data" className="flex flex-col items-center gap-4 sm:flex-row">
      <input type="hidden" name="intent" value="avatar" />
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border border-border bg-muted">
        {shown ? (
          <img src={shown} alt={t("profile.avatar.alt")} className="size-full object-cover" data-testid="avatar-image" />
        ) : (
          <UserRound className="size-12 text-muted-foreground" aria-label={t("profile.avatar.fallback")} />
        )}
      </div>
      <div className="grid gap-2 text-center sm:text-left">
        <input
          id="avatar-file"
          name="avatar"
          type="file"
          accept="image/*"
          aria-label={t("profile.avatar.upload")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "avatar-error" : "avatar-hint"}
          disabled={busy}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            const problem = check(file);
            setBrowserError(problem);
            if (problem) {
              event.currentTarget.value = "";
              return;
            }
            if (form.current) void fetcher.submit(form.current, { method: "post", encType: "multipart/form-data" });
          }}
        />
        {/* The file input's own label, drawn as the button: it opens the file chooser with and without
            JavaScript (a button would need a script to); the input keeps the focus (its ring shown here). */}
        <label
          htmlFor="avatar-file"
          aria-hidden
          className={cn(
            buttonVariants({ variant: "outline" }),
            "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
            busy && "pointer-events-none opacity-50",
          )}
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          {busy ? t("profile.busy.uploading") : t("profile.avatar.upload")}
        </label>
        {/* Without JavaScript the chosen file is sent with this button. */}
        <noscript>
          <Button type="submit" variant="secondary" size="sm">
            {t("profile.avatar.send")}
          </Button>
        </noscript>
        <p id="avatar-hint" className="text-xs text-muted-foreground">
          {t("profile.avatar.hint")}
        </p>
        {error ? (
          <p id="avatar-error" role="alert" className="text-sm text-destructive">
            {t(error)}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
