import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useFetcher, useNavigate, useSearchParams } from "react-router";
import { preloadToaster, toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { AuthActionData } from "./auth-actions.server";
import { firstError, forgotSchema, loginSchema, signupSchema } from "./schemas";

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function FormError({ error, id }: { error?: string; id: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {t(error)}
    </p>
  );
}

/** Validates in the browser with the shared schema; on failure shows the first message as a toast. */
function validate(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, form: HTMLFormElement) {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) if (typeof value === "string") values[key] = value;
  return firstError(schema.safeParse(values));
}

export function AuthPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const actionData = useActionData<AuthActionData>();
  const login = useFetcher<AuthActionData>({ key: "login" });
  const signup = useFetcher<AuthActionData>({ key: "signup" });
  const resend = useFetcher<AuthActionData>({ key: "resend" });
  const [clientError, setClientError] = useState<{ form: string; error: string } | undefined>();
  const [tab, setTab] = useState(params.get("tab") === "signup" ? "signup" : "login");
  useEffect(preloadToaster, []);

  const loginResult = login.data ?? (actionData?.intent === "login" ? actionData : undefined);
  const signupResult = signup.data ?? (actionData?.intent === "signup" ? actionData : undefined);
  const googleResult = actionData?.intent === "google" ? actionData : undefined;
  const unverified = resend.data?.unverifiedEmail ?? loginResult?.unverifiedEmail;

  useEffect(() => {
    // `/auth?error=<code>`: better-auth's answer to a failed Google sign-in (ADR 0014).
    const code = params.get("error");
    const description = code === "account_not_linked" ? "auth.errors.googleUnverified" : "auth.errors.googleFailed";
    if (code) toast.error(t("auth.toast.errorTitle"), { description: t(description) });
  }, [params, t]);

  const handled = useRef(new WeakSet<object>());
  useEffect(() => {
    for (const result of [login.data, signup.data, resend.data, googleResult]) {
      if (!result || handled.current.has(result)) continue;
      handled.current.add(result);
      if (!result.ok && result.error) {
        toast.error(t("auth.toast.errorTitle"), { description: t(result.error) });
      } else if (result.ok && result.message) {
        if (result.message === "auth.toast.signupConfirm") {
          toast.success(t("auth.toast.signupSuccess"), { description: t("auth.toast.signupConfirm") });
        } else toast.success(t(result.message));
        if (result.redirectTo) void navigate(result.redirectTo);
      }
    }
  }, [login.data, signup.data, resend.data, googleResult, navigate, t]);

  const submitWith =
    (fetcher: ReturnType<typeof useFetcher>, schema: Parameters<typeof validate>[0], name: string) =>
    (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const error = validate(schema, event.currentTarget);
      if (error) {
        setClientError({ form: name, error });
        toast.error(t("auth.toast.errorTitle"), { description: t(error) });
        return;
      }
      setClientError(undefined);
      void fetcher.submit(event.currentTarget, { method: "post" });
    };

  const loginBusy = login.state !== "idle";
  const signupBusy = signup.state !== "idle";
  const loginError = clientError?.form === "login" ? clientError.error : loginResult?.ok === false ? loginResult.error : undefined;
  const signupError = clientError?.form === "signup" ? clientError.error : signupResult?.ok === false ? signupResult.error : undefined;

  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <CardTitle>{t("auth.title")}</CardTitle>
          <CardDescription>{t("auth.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="login">{t("auth.tabs.login")}</TabsTrigger>
              <TabsTrigger value="signup">{t("auth.tabs.signup")}</TabsTrigger>
            </TabsList>

            <TabsContent value="login">
              <login.Form method="post" noValidate onSubmit={submitWith(login, loginSchema, "login")} className="grid gap-4" aria-describedby={loginError ? "login-error" : undefined}>
                <input type="hidden" name="intent" value="login" />
                {hydrated && <input type="hidden" name="js" value="1" />}
                <div className="grid gap-2">
                  <Label htmlFor="login-email">{t("auth.fields.email")}</Label>
                  <Input id="login-email" name="email" type="email" autoComplete="email" placeholder={t("auth.placeholders.email")} maxLength={255} required />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="login-password">{t("auth.fields.password")}</Label>
                  <Input id="login-password" name="password" type="password" autoComplete="current-password" placeholder={t("auth.placeholders.password")} maxLength={128} required />
                </div>
                <FormError id="login-error" error={loginError} />
                <Button type="submit" className="w-full" disabled={loginBusy}>
                  {loginBusy && <Loader2 className="animate-spin" aria-hidden />}
                  {loginBusy ? t("auth.busy.login") : t("auth.actions.login")}
                </Button>
              </login.Form>
              {unverified && (
                <resend.Form method="post" className="mt-3 grid gap-2 rounded-md border border-border p-3 text-sm">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="email" value={unverified} />
                  <p className="text-muted-foreground">{t("auth.notVerified.hint", { email: unverified })}</p>
                  <Button type="submit" variant="outline" size="sm" disabled={resend.state !== "idle"}>
                    {resend.state !== "idle" ? t("auth.busy.sending") : t("auth.actions.resend")}
                  </Button>
                </resend.Form>
              )}
              <div className="mt-3 text-center">
                <ForgotPasswordDialog />
              </div>
              {/* Without JavaScript the dialog cannot open: the same form, inline. */}
              <noscript>
                <form method="post" className="mt-2 grid gap-2 rounded-md border border-border p-3">
                  <input type="hidden" name="intent" value="forgot" />
                  <label htmlFor="forgot-email-nojs" className="text-sm font-medium">
                    {t("auth.forgot.title")}
                  </label>
                  <input id="forgot-email-nojs" name="email" type="email" maxLength={255} className="h-10 rounded-md border border-input bg-background px-3 text-sm" />
                  <button type="submit" className="h-9 rounded-md border border-input text-sm">{t("auth.actions.sendReset")}</button>
                </form>
              </noscript>
              {actionData?.intent === "forgot" && (
                <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "mt-2 text-sm text-primary" : "mt-2 text-sm text-destructive"}>
                  {t(actionData.ok ? "auth.toast.resetSent" : (actionData.error ?? "auth.errors.resetFailed"))}
                </p>
              )}
              <Divider />
              <GoogleForm label={t("auth.actions.googleLogin")} error={googleResult?.error} />
            </TabsContent>

            <TabsContent value="signup">
              <signup.Form method="post" noValidate onSubmit={submitWith(signup, signupSchema, "signup")} className="grid gap-4">
                <input type="hidden" name="intent" value="signup" />
                {hydrated && <input type="hidden" name="js" value="1" />}
                <div className="grid gap-2">
                  <Label htmlFor="signup-username">{t("auth.fields.username")}</Label>
                  <Input id="signup-username" name="username" autoComplete="username" placeholder={t("auth.placeholders.username")} maxLength={50} required />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="signup-customer-type">{t("auth.fields.customerType")}</Label>
                  <select
                    id="signup-customer-type"
                    name="customerType"
                    defaultValue="private"
                    className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm"
                  >
                    <option value="private">{t("auth.customerTypes.private")}</option>
                    <option value="business">{t("auth.customerTypes.business")}</option>
                  </select>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="signup-email">{t("auth.fields.email")}</Label>
                  <Input id="signup-email" name="email" type="email" autoComplete="email" placeholder={t("auth.placeholders.email")} maxLength={255} required />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="signup-password">{t("auth.fields.password")}</Label>
                  <Input id="signup-password" name="password" type="password" autoComplete="new-password" placeholder={t("auth.placeholders.newPassword")} maxLength={128} required />
                </div>
                <Check id="signup-newsletter" name="newsletterSubscribed">{t("auth.fields.newsletter")}</Check>
                <Check id="signup-terms" name="acceptTerms">
                  {t("auth.fields.acceptTermsPrefix")}{" "}
                  <Link to="/terms" target="_blank" rel="noopener" className="text-primary underline underline-offset-4">
                    {t("auth.fields.terms")}
                  </Link>
                </Check>
                <Check id="signup-privacy" name="acceptPrivacy">
                  {t("auth.fields.acceptPrivacyPrefix")}{" "}
                  <Link to="/privacy" target="_blank" rel="noopener" className="text-primary underline underline-offset-4">
                    {t("auth.fields.privacy")}
                  </Link>
                </Check>
                <FormError id="signup-error" error={signupError} />
                <Button type="submit" className="w-full" disabled={signupBusy}>
                  {signupBusy && <Loader2 className="animate-spin" aria-hidden />}
                  {signupBusy ? t("auth.busy.signup") : t("auth.actions.signup")}
                </Button>
              </signup.Form>
              <Divider />
              <GoogleForm label={t("auth.actions.googleSignup")} error={googleResult?.error} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </section>
  );
}

function Check({ id, name, children }: { id: string; name: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} name={name} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]" />
      <label htmlFor={id} className="text-sm leading-snug text-muted-foreground">
        {children}
      </label>
    </div>
  );
}

function Divider() {
  const { t } = useTranslation();
  return (
    <div className="my-4 flex items-center gap-3 text-xs uppercase text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      {t("auth.or")}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

function GoogleForm({ label, error }: { label: string; error?: string }) {
  return (
    <Form method="post" reloadDocument className="grid gap-2">
      <input type="hidden" name="intent" value="google" />
      <Button type="submit" variant="outline" className="w-full">
        <svg viewBox="0 0 24 24" aria-hidden className="size-4">
          <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.57c2.08-1.92 3.27-4.74 3.27-8.09z" />
          <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.76c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
          <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.94l3.66-2.84z" />
          <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z" />
        </svg>
        {label}
      </Button>
      <FormError id="google-error" error={error} />
    </Form>
  );
}

function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const fetcher = useFetcher<AuthActionData>({ key: "forgot" });
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(t("auth.toast.resetSent"));
      setOpen(false);
      setEmail("");
      setError(undefined);
    } else if (fetcher.data.error) {
      setError(fetcher.data.error);
      toast.error(t("auth.toast.errorTitle"), { description: t(fetcher.data.error) });
    }
  }, [fetcher.data, t]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm">
          {t("auth.forgot.link")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("auth.close")}>
        <DialogHeader>
          <DialogTitle>{t("auth.forgot.title")}</DialogTitle>
          <DialogDescription>{t("auth.forgot.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = validate(forgotSchema, event.currentTarget);
            if (problem) {
              setError(problem);
              toast.error(t("auth.toast.errorTitle"), { description: t(problem) });
              return;
            }
            setError(undefined);
            void fetcher.submit(event.currentTarget, { method: "post" });
          }}
        >
          <input type="hidden" name="intent" value="forgot" />
          <input type="hidden" name="js" value="1" />
          <div className="grid gap-2">
            <Label htmlFor="forgot-email">{t("auth.fields.email")}</Label>
            <Input id="forgot-email" name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder={t("auth.placeholders.email")} maxLength={255} />
          </div>
          <FormError id="forgot-error" error={error} />
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? t("auth.busy.sending") : t("auth.actions.sendReset")}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
