import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useActionData, useLoaderData, useSearchParams } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { usePreloadToaster } from "~/components/ui/toaster";
import type { AuthAnswer } from "./auth-actions.server";
import { ForgotPasswordDialog, ForgotPasswordNoScript } from "./forgot-password-dialog";
import { GoogleButton } from "./google-button";
import { LoginForm } from "./login-form";
import { SignupForm } from "./signup-form";

interface AuthLoaderData {
  googleEnabled: boolean;
  linkError: string | null;
}

/** /auth (spec §2): the Welcome card with the Login and Sign Up tabs. */
export function AuthPage() {
  const { t } = useTranslation();
  const { googleEnabled, linkError } = useLoaderData<AuthLoaderData>();
  const actionData = useActionData<AuthAnswer>();
  const [params] = useSearchParams();
  // A sign-up answered without JavaScript comes back on its own tab.
  const [tab, setTab] = useState(params.get("tab") === "signup" || actionData?.intent === "signup" ? "signup" : "login");
  usePreloadToaster();

  const isGoogleError = linkError === "auth.errors.googleFailed" || linkError === "auth.errors.googleUnverified";
  const googleError = actionData?.intent === "google" ? (actionData.result.error?.[""]?.[0] ?? null) : isGoogleError ? linkError : null;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <CardTitle>{t("auth.title")}</CardTitle>
          <CardDescription>{t("auth.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          {linkError && !isGoogleError ? (
            <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {t(linkError)}
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="login">{t("auth.tabs.login")}</TabsTrigger>
              <TabsTrigger value="signup">{t("auth.tabs.signup")}</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm />
              <div className="mt-3 text-center">
                <ForgotPasswordDialog />
              </div>
              <ForgotPasswordNoScript answer={actionData?.intent === "forgot" ? actionData : undefined} />
              {googleEnabled ? <GoogleButton label={t("auth.actions.googleLogin")} error={googleError} /> : null}
            </TabsContent>
            <TabsContent value="signup">
              <SignupForm />
              {googleEnabled ? <GoogleButton label={t("auth.actions.googleSignup")} error={googleError} /> : null}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </section>
  );
}
