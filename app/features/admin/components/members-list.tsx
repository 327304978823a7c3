import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import type { MemberFilters } from "../members.server";
import { AdminHeading } from "./admin-shell";
import { Field, selectClass } from "./field";
import { Pager } from "./pager";

export interface MemberView {
  id: string;
  email: string;
  username: string;
  customerType: string;
  newsletter: boolean;
  confirmed: boolean;
  createdAt: string;
  lastSignIn: string | null;
  google: boolean;
  password: boolean;
  role: string | null;
}

export function useDateFormat() {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "medium", timeStyle: "short" });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : "—");
}

export function signInMethods(t: (key: string) => string, member: Pick<MemberView, "google" | "password">) {
  return [member.password ? t("admin.members.password") : null, member.google ? "Google" : null].filter(Boolean).join(", ") || "—";
}

export function MembersList({ members, filters, hasMore }: { members: MemberView[]; filters: MemberFilters; hasMore: boolean }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <>
      <AdminHeading title={t("admin.members.title")}>
        <Button asChild variant="outline" size="sm">
          <a href="/admin/members/newsletter.csv" download>
            <Download aria-hidden="true" />
            {t("admin.members.exportNewsletter")}
          </a>
        </Button>
      </AdminHeading>
      <Form
        method="get"
        role="search"
        aria-label={t("admin.members.searchLabel")}
        className="mb-6 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <Field name="q" type="search" label={t("admin.members.search")} defaultValue={filters.q} />
        <div className="space-y-1.5">
          <label htmlFor="members-sort" className="block text-sm font-medium">
            {t("admin.members.sort")}
          </label>
          <select id="members-sort" name="sort" defaultValue={filters.sort} className={selectClass}>
            <option value="created">{t("admin.members.sorts.created")}</option>
            <option value="lastSignIn">{t("admin.members.sorts.lastSignIn")}</option>
            <option value="email">{t("admin.members.sorts.email")}</option>
          </select>
        </div>
        <Button type="submit">{t("admin.members.apply")}</Button>
      </Form>
      {members.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.members.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[56rem] text-left text-sm" data-testid="members-table">
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {["email", "username", "customerType", "newsletter", "confirmed", "created", "lastSignIn", "signIn", "role"].map(
                  (column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {t(`admin.members.columns.${column}`)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id} className="border-t border-border" data-testid="member-row">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link to={`/admin/members/${member.id}`} className="text-primary underline underline-offset-2">
                      {member.email}
                    </Link>
                  </th>
                  <td className="px-3 py-2">{member.username}</td>
                  <td className="px-3 py-2">{t(`admin.members.customerTypes.${member.customerType}`)}</td>
                  <td className="px-3 py-2">{member.newsletter ? t("admin.members.yes") : t("admin.members.no")}</td>
                  <td className="px-3 py-2">{member.confirmed ? t("admin.members.yes") : t("admin.members.no")}</td>
                  <td className="whitespace-nowrap px-3 py-2">{date(member.createdAt)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{date(member.lastSignIn)}</td>
                  <td className="px-3 py-2">{signInMethods(t, member)}</td>
                  <td className="px-3 py-2">{member.role ? t(`admin.roles.${member.role}`) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={filters.page} hasMore={hasMore} />
    </>
  );
}
