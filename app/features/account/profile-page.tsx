import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useNavigation } from "react-router";
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
  profile: ProfileData | null;
  resetToken: string | null;
  resetError: boolean;
}

/** /profile (spec §2): the reset-password card when a reset link led here, and the profile settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { profile, resetToken, resetError } = useLoaderData<LoaderShape>();
  const navigation = useNavigation();
  usePreloadToaster();
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
            <ChangeEmailDialog />
          </div>
        </div>
        <ProfileForm profile={profile} />
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
