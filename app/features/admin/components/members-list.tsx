import { Download } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import type { MemberFilters } from "../members.server";
import { AdminHeading } from "./admin-shell";
import { ConsoleTable } from "./console-table";
import { ConsoleSearch, ConsoleSelect } from "./console-search";
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

const MEMBER_SORTS = ["created", "lastSignIn", "email"] as const;
const MEMBER_COLUMNS = ["email", "username", "customerType", "newsletter", "confirmed", "created", "lastSignIn", "signIn", "role"];

export function MembersList({ members, filters, hasMore }: { members: MemberView[]; filters: MemberFilters; hasMore: boolean }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <>
      <AdminHeading title={t("admin.members.title")}>
        <Button asChild variant="outline" size="sm">
          <a href="/admin/newsletter/export.csv" download>
            <Download aria-hidden="true" />
            {t("admin.members.exportNewsletter")}
          </a>
        </Button>
      </AdminHeading>
      <ConsoleSearch keys="admin.members" query={filters.q} layout="one-filter">
        <ConsoleSelect
          id="members-sort"
          name="sort"
          label={t("admin.members.sort")}
          value={filters.sort}
          options={MEMBER_SORTS.map((sort) => [sort, t(`admin.members.sorts.${sort}`)] as const)}
        />
      </ConsoleSearch>
      {members.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.members.empty")}</p>
      ) : (
        <ConsoleTable
          from="xl"
          testId="members-table"
          rowTestId="member-row"
          columns={MEMBER_COLUMNS.map((key) => ({ key, label: t(`admin.members.columns.${key}`) }))}
          rows={members}
          rowKey={(member) => member.id}
          cells={(member) => [
            <Link
              key="email"
              to={`/admin/members/${member.id}`}
              className="inline-block min-w-40 break-all text-primary underline underline-offset-2"
            >
              {member.email}
            </Link>,
            member.username,
            t(`admin.members.customerTypes.${member.customerType}`),
            member.newsletter ? t("admin.members.yes") : t("admin.members.no"),
            member.confirmed ? t("admin.members.yes") : t("admin.members.no"),
            date(member.createdAt),
            date(member.lastSignIn),
            signInMethods(t, member),
            member.role ? t(`admin.roles.${member.role}`) : "—",
          ]}
        />
      )}
      <Pager page={filters.page} hasMore={hasMore} />
    </>
  );
}
