import { Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, useNavigation, useRevalidator } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { usePreloadToaster } from "~/components/ui/toaster";
import { AvatarUpload } from "./avatar-upload";
import { ChangeEmailDialog } from "./change-email-dialog";
import { ChangePasswordDialog } from "./change-password-dialog";
import { DeleteAccountButton } from "./delete-account-button";
import { PrivacySections } from "./privacy-sections";
import { ProfileForm } from "./profile-form";
import type { ProfileData } from "./profile.server";
import { ResetPasswordCard } from "./reset-password-card";

interface LoaderShape {
  /** The member shell (ADR 0031): the same document for every member, their data still to come. */
  shell: boolean;
  profile: ProfileData | null;
  resetToken: string | null;
  resetError: boolean;
}

/** /profile (spec §2): the reset-password card when a reset link led here, and the profile settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { shell, profile, resetToken, resetError } = useLoaderData<LoaderShape>();
  const navigation = useNavigation();
  usePreloadToaster();
  useMemberData(shell);
  if (shell) return <ProfileShell />;
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
      {profile && <TwoStepSection />}
      {profile && <PrivacySections />}
    </section>
  );
}

/** Two-step sign-in (ADR 0044): set up and managed on its own page, which loads the WebAuthn code only there. */
function TwoStepSection() {
  const { t } = useTranslation();
  return (
    <Card className="mt-8">
      <CardHeader>
        <h2 className="text-xl font-semibold">{t("profile.twoStep.title")}</h2>
        <CardDescription>{t("profile.twoStep.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <a className="font-medium text-primary underline-offset-4 hover:underline" href="/profile/two-step">
          {t("profile.twoStep.manage")}
        </a>
      </CardContent>
    </Card>
  );
}

function ProfileCard({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
        <CardDescription>{t("profile.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <AvatarUpload avatarUrl={profile.avatarUrl} />
        <div className="grid gap-2">
          <Label htmlFor="profile-email">{t("profile.fields.email")}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="profile-email" value={profile.email} readOnly className="sm:flex-1" />
            <ChangeEmailDialog hasPassword={profile.hasPassword} />
          </div>
        </div>
        <ProfileForm profile={profile} />
        <div className="grid gap-4 border-t border-border pt-6">
          <h2 className="text-lg font-semibold">{t("profile.security.title")}</h2>
          {profile.hasPassword && (
            <div>
              <ChangePasswordDialog />
            </div>
          )}
        </div>
        {/* Apart from everything else, in a card of its own: deleting is the one step that cannot be undone. */}
        <section
          aria-labelledby="danger-zone-title"
          className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-5"
          data-testid="danger-zone"
        >
          <h2 id="danger-zone-title" className="text-lg font-semibold text-destructive">
            {t("profile.delete.zoneTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("profile.delete.zoneText")}</p>
          <DeleteAccountButton hasPassword={profile.hasPassword} />
        </section>
      </CardContent>
    </Card>
  );
}

/** In the member shell: fetch this member's data (`/profile.data`: every loader of the page, once). */
function useMemberData(shell: boolean) {
  const revalidator = useRevalidator();
  const asked = useRef(false);
  useEffect(() => {
    if (!shell || asked.current) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [shell, revalidator]);
}

/**
 * The member shell's placeholder (ADR 0031): the profile's cards with their titles, the member's
 * parts as blocks of about their final size (no layout shift when the data arrive). Without
 * JavaScript nothing would come: the shell's <head> sends the browser on to the page rendered with
 * its data (`?view=full`, root.tsx).
 */
function ProfileShell() {
  const { t } = useTranslation();
  // Sizes measured on the loaded page (390 px and from `sm` up), so the cards keep their place.
  const fill = "bg-muted/60 motion-safe:animate-pulse";
  const block = `rounded-md ${fill}`;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16" role="status" aria-busy="true" aria-label={t("profile.loading")}>
      <Card data-testid="profile-shell">
        <CardHeader>
          <CardTitle>{t("profile.title")}</CardTitle>
          <CardDescription>{t("profile.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8" aria-hidden>
          <div className="flex flex-col items-center gap-4 sm:flex-row">
            <div className={`size-24 rounded-full ${fill}`} />
            <div className={`h-14 w-44 ${block}`} />
          </div>
          <div className={`h-[6.875rem] sm:h-[3.875rem] ${block}`} />
          <div className={`h-[20.875rem] sm:h-[19.625rem] ${block}`} />
          <div className={`h-40 sm:h-[6.75rem] ${block}`} />
        </CardContent>
      </Card>
      <div className={`mt-8 h-[19.5rem] sm:h-[14.75rem] ${block}`} aria-hidden />
      <div className={`mt-8 h-[22.5rem] sm:h-[14.5rem] ${block}`} aria-hidden />
    </section>
  );
}
