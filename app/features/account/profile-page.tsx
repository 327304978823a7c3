import { Loader2, Lock, Trash2, Upload, UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLoaderData, useNavigate, useNavigation } from "react-router";
import { preloadToaster, toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ProfileActionData } from "./profile-actions.server";
import type { ProfileData } from "./profile.server";
import { NewsletterStatusNote, PrivacySections } from "./privacy-sections";
import { AVATAR_MAX_BYTES, changeEmailSchema, changePasswordSchema, firstError, resetPasswordSchema } from "./schemas";

interface LoaderShape {
  profile: ProfileData | null;
  resetToken: string | null;
  resetError: boolean;
}

function values(form: HTMLFormElement) {
  const result: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) if (typeof value === "string") result[key] = value;
  return result;
}

/** Toasts each new answer of a fetcher once; returns nothing. */
function useResultToast(result: ProfileActionData | undefined, onSuccess?: (result: ProfileActionData) => void) {
  const { t } = useTranslation();
  const seen = useRef<ProfileActionData | undefined>(undefined);
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.ok) {
      if (result.message === "profile.toast.deleted") {
        toast.success(t("profile.toast.deletedTitle"), { description: t("profile.toast.deleted") });
      } else if (result.message) toast.success(t(result.message));
      onSuccess?.(result);
    } else if (result.error) {
      toast.error(t(result.title ?? "profile.toast.errorTitle"), { description: t(result.error) });
    }
  }, [result, t, onSuccess]);
}

function toastError(t: (key: string) => string, key: string, title = "profile.toast.errorTitle") {
  toast.error(t(title), { description: t(key) });
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { profile, resetToken, resetError } = useLoaderData<LoaderShape>();
  const navigation = useNavigation();
  useEffect(preloadToaster, []);
  if (navigation.state === "loading" && navigation.location.pathname === "/profile" && !profile) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label={t("profile.loading")}>
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      </div>
    );
  }
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      {(resetToken || resetError) && <ResetPasswordCard token={resetToken} invalid={resetError} />}
      {profile && <ProfileCard profile={profile} />}
      {profile && <PrivacySections />}
    </section>
  );
}

function ResetPasswordCard({ token, invalid }: { token: string | null; invalid: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "reset" });
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>(invalid || !token ? "profile.errors.resetInvalid" : undefined);
  useResultToast(fetcher.data, (result) => {
    if (result.redirectTo) void navigate(result.redirectTo);
  });
  const shownError = error ?? (fetcher.data?.ok === false ? fetcher.data.error : undefined);
  const busy = fetcher.state !== "idle";
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>{t("profile.reset.title")}</CardTitle>
        <CardDescription>{t("profile.reset.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {fetcher.data?.ok ? (
          <p role="status" className="text-sm text-primary">{t("profile.toast.passwordReset")}</p>
        ) : (
          <fetcher.Form
            method="post"
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              const problem = firstError(resetPasswordSchema.safeParse(values(event.currentTarget)));
              if (problem) {
                setError(problem);
                toastError(t, problem);
                return;
              }
              setError(undefined);
              void fetcher.submit(event.currentTarget, { method: "post" });
            }}
          >
            <input type="hidden" name="intent" value="resetPassword" />
            <input type="hidden" name="token" value={token ?? ""} />
            <div className="grid gap-2">
              <Label htmlFor="reset-new">{t("profile.password.new")}</Label>
              <Input id="reset-new" name="newPassword" type="password" autoComplete="new-password" maxLength={128} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="reset-confirm">{t("profile.password.confirm")}</Label>
              <Input id="reset-confirm" name="confirmPassword" type="password" autoComplete="new-password" maxLength={128} />
            </div>
            {shownError && (
              <p role="alert" className="text-sm text-destructive">{t(shownError)}</p>
            )}
            <Button type="submit" disabled={busy || !token}>
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {busy ? t("profile.busy.updating") : t("profile.reset.submit")}
            </Button>
          </fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}

function ProfileCard({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const save = useFetcher<ProfileActionData>({ key: "save" });
  const saving = save.state !== "idle";
  useResultToast(save.data);
  // On while subscribed or waiting for the confirmation link (double opt-in).
  const [newsletter, setNewsletter] = useState(profile.newsletterStatus !== "none");

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
        <CardDescription>{t("profile.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <AvatarSection avatarUrl={profile.avatarUrl} />

        <div className="grid gap-2">
          <Label htmlFor="profile-email">{t("profile.fields.email")}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="profile-email" value={profile.email} readOnly className="sm:flex-1" />
            <ChangeEmailDialog />
          </div>
        </div>

        <save.Form method="post" className="grid gap-6">
          <input type="hidden" name="intent" value="save" />
          <div className="grid gap-2">
            <Label htmlFor="profile-username">{t("profile.fields.username")}</Label>
            <Input id="profile-username" name="username" defaultValue={profile.username} maxLength={50} autoComplete="username" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-customer-type">{t("profile.fields.customerType")}</Label>
            <select
              id="profile-customer-type"
              name="customerType"
              defaultValue={profile.customerType}
              className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm"
            >
              <option value="private">{t("auth.customerTypes.private")}</option>
              <option value="business">{t("auth.customerTypes.business")}</option>
            </select>
          </div>
          <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
            <div className="grid gap-1">
              <label htmlFor="profile-newsletter" className="text-sm font-medium">{t("profile.fields.newsletter")}</label>
              <p id="profile-newsletter-hint" className="text-sm text-muted-foreground">{t("profile.fields.newsletterHint")}</p>
              <NewsletterStatusNote status={profile.newsletterStatus} />
            </div>
            <span className="relative inline-flex shrink-0">
              <input
                id="profile-newsletter"
                name="newsletterSubscribed"
                type="checkbox"
                role="switch"
                aria-describedby="profile-newsletter-hint"
                checked={newsletter}
                onChange={(event) => setNewsletter(event.target.checked)}
                className="peer h-6 w-11 cursor-pointer appearance-none rounded-full border border-input bg-muted transition-colors checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              <span aria-hidden className="pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-foreground transition-transform peer-checked:translate-x-5 peer-checked:bg-primary-foreground" />
            </span>
          </div>
          <Button type="submit" disabled={saving} className="w-full sm:w-auto sm:justify-self-start">
            {saving && <Loader2 className="animate-spin" aria-hidden />}
            {saving ? t("profile.busy.saving") : t("profile.actions.save")}
          </Button>
        </save.Form>

        <div className="grid gap-4 border-t border-border pt-6">
          <h2 className="text-lg font-semibold">{t("profile.security.title")}</h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            {profile.hasPassword && <ChangePasswordDialog />}
            <DeleteAccountButton />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function AvatarSection({ avatarUrl }: { avatarUrl: string | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "avatar" });
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const uploading = fetcher.state !== "idle";
  useResultToast(fetcher.data);
  const shown = fetcher.data?.ok && fetcher.data.avatarUrl ? fetcher.data.avatarUrl : avatarUrl;

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
          ref={input}
          id="avatar-file"
          name="avatar"
          type="file"
          accept="image/*"
          aria-label={t("profile.avatar.upload")}
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            if (!file.type.startsWith("image/")) {
              toastError(t, "profile.errors.notImage");
              event.currentTarget.value = "";
              return;
            }
            if (file.size > AVATAR_MAX_BYTES) {
              toastError(t, "profile.errors.tooLarge");
              event.currentTarget.value = "";
              return;
            }
            if (form.current) void fetcher.submit(form.current, { method: "post", encType: "multipart/form-data" });
          }}
        />
        <Button type="button" variant="outline" disabled={uploading} onClick={() => input.current?.click()}>
          {uploading ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          {uploading ? t("profile.busy.uploading") : t("profile.avatar.upload")}
        </Button>
        <noscript>
          <Button type="submit" variant="secondary" size="sm">{t("profile.avatar.upload")}</Button>
        </noscript>
        <p className="text-xs text-muted-foreground">{t("profile.avatar.hint")}</p>
      </div>
    </fetcher.Form>
  );
}

function ChangeEmailDialog() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "changeEmail" });
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher.data, () => {
    setOpen(false);
    setFormKey((key) => key + 1);
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">{t("profile.email.change")}</Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("auth.close")}>
        <DialogHeader>
          <DialogTitle>{t("profile.email.title")}</DialogTitle>
          <DialogDescription>{t("profile.email.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          key={formKey}
          method="post"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = firstError(changeEmailSchema.safeParse(values(event.currentTarget)));
            if (problem) return toastError(t, problem);
            void fetcher.submit(event.currentTarget, { method: "post" });
          }}
        >
          <input type="hidden" name="intent" value="changeEmail" />
          <div className="grid gap-2">
            <Label htmlFor="new-email">{t("profile.email.new")}</Label>
            <Input id="new-email" name="newEmail" type="email" autoComplete="email" maxLength={255} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="email-current-password">{t("profile.password.current")}</Label>
            <Input id="email-current-password" name="currentPassword" type="password" autoComplete="current-password" maxLength={128} />
          </div>
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? t("profile.busy.updating") : t("profile.email.submit")}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordDialog() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "changePassword" });
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher.data, () => {
    setOpen(false);
    setFormKey((key) => key + 1);
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Lock aria-hidden />
          {t("profile.password.change")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("auth.close")}>
        <DialogHeader>
          <DialogTitle>{t("profile.password.title")}</DialogTitle>
          <DialogDescription>{t("profile.password.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          key={formKey}
          method="post"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = firstError(changePasswordSchema.safeParse(values(event.currentTarget)));
            if (problem) return toastError(t, problem);
            void fetcher.submit(event.currentTarget, { method: "post" });
          }}
        >
          <input type="hidden" name="intent" value="changePassword" />
          <div className="grid gap-2">
            <Label htmlFor="current-password">{t("profile.password.current")}</Label>
            <Input id="current-password" name="currentPassword" type="password" autoComplete="current-password" maxLength={128} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="new-password">{t("profile.password.new")}</Label>
            <Input id="new-password" name="newPassword" type="password" autoComplete="new-password" maxLength={128} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="confirm-password">{t("profile.password.confirm")}</Label>
            <Input id="confirm-password" name="confirmPassword" type="password" autoComplete="new-password" maxLength={128} />
          </div>
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? t("profile.busy.updating") : t("profile.password.submit")}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountButton() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "delete" });
  const navigate = useNavigate();
  const busy = fetcher.state !== "idle";
  // Navigating re-runs the root loader: the shell forgets the signed-in user.
  useResultToast(fetcher.data, () => void navigate("/"));
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (!window.confirm(t("profile.delete.confirm"))) return;
        void fetcher.submit(event.currentTarget, { method: "post" });
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <Button type="submit" variant="destructive" disabled={busy} className="w-full sm:w-auto">
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        {busy ? t("profile.busy.deleting") : t("profile.delete.button")}
      </Button>
    </fetcher.Form>
  );
}
