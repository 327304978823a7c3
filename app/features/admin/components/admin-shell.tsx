import {
  BarChart3,
  BellRing,
  FolderTree,
  Inbox,
  LayoutDashboard,
  ScrollText,
  Settings,
  Image as ImageIcon,
  Users,
  Mail,
  Timer,
  Signpost,
  FileText,
  Languages,
  Newspaper,
  Activity,
  Send,
  DatabaseBackup,
  TrendingUp,
  UserSearch,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link, NavLink } from "react-router";
import type { ConsoleRole } from "~/db/schema";
import { canUse, type ConsoleSection } from "../access";

const NAV: Array<{ section: ConsoleSection; to: string; labelKey: string; icon: typeof Inbox; end?: boolean }> = [
  { section: "overview", to: "/admin", labelKey: "admin.nav.overview", icon: LayoutDashboard, end: true },
  { section: "pages", to: "/admin/pages", labelKey: "admin.nav.pages", icon: FileText },
  { section: "pages", to: "/admin/translations", labelKey: "admin.nav.translations", icon: Languages },
  { section: "news", to: "/admin/news", labelKey: "admin.nav.news", icon: Newspaper },
  { section: "media", to: "/admin/media", labelKey: "admin.nav.media", icon: ImageIcon },
  { section: "categories", to: "/admin/categories", labelKey: "admin.nav.categories", icon: FolderTree },
  { section: "inbox", to: "/admin/inbox", labelKey: "admin.nav.inbox", icon: Inbox },
  { section: "members", to: "/admin/members", labelKey: "admin.nav.members", icon: Users },
  { section: "settings", to: "/admin/settings", labelKey: "admin.nav.settings", icon: Settings },
  { section: "numbers", to: "/admin/numbers", labelKey: "admin.nav.numbers", icon: BarChart3 },
  { section: "analytics", to: "/admin/analytics", labelKey: "admin.nav.analytics", icon: TrendingUp },
  { section: "audit", to: "/admin/audit", labelKey: "admin.nav.audit", icon: ScrollText },
  { section: "newsletter", to: "/admin/newsletter", labelKey: "admin.nav.newsletter", icon: Mail },
  { section: "launches", to: "/admin/launches", labelKey: "admin.nav.launches", icon: BellRing },
  { section: "data-requests", to: "/admin/data-requests", labelKey: "admin.nav.dataRequests", icon: UserSearch },
  { section: "retention", to: "/admin/retention", labelKey: "admin.nav.retention", icon: Timer },
  { section: "redirects", to: "/admin/redirects", labelKey: "admin.nav.redirects", icon: Signpost },
  { section: "outbox", to: "/admin/outbox", labelKey: "admin.nav.outbox", icon: Send },
  { section: "backups", to: "/admin/backups", labelKey: "admin.nav.backups", icon: DatabaseBackup },
  { section: "system", to: "/admin/system", labelKey: "admin.nav.system", icon: Activity },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  "flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground " +
  (isActive ? "bg-muted text-primary" : "text-muted-foreground");

/** The console's frame: its own navigation (a scrolling row on phones, a column from lg) and the page. */
export function AdminShell({ role, unread, children }: { role: ConsoleRole; unread: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-8">
      <nav aria-label={t("admin.nav.label")} className="mb-6 lg:mb-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground lg:block">
          {t("admin.nav.title")}
        </p>
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
          {NAV.filter((item) => canUse(role, item.section)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={linkClass}>
                <item.icon className="size-4" aria-hidden="true" />
                <span>{t(item.labelKey)}</span>
                {item.section === "inbox" && unread > 0 ? (
                  <span
                    className="ml-auto rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground"
                    data-testid="unread-count"
                  >
                    <span aria-hidden="true">{unread}</span>
                    <span className="sr-only">{t("admin.inbox.unreadCount", { count: unread })}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A page heading with optional actions on the right and a link back to the section's list above it. */
export function AdminHeading({ title, back, children }: { title: string; back?: { to: string; label: string }; children?: ReactNode }) {
  return (
    <>
      {back ? (
        <p className="mb-2 text-sm">
          <Link to={back.to} className="text-primary underline underline-offset-2">
            {back.label}
          </Link>
        </p>
      ) : null}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children ? <div className="flex flex-wrap items-start gap-2">{children}</div> : null}
      </div>
    </>
  );
}
