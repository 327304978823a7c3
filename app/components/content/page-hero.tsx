import { Clock } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { cn } from "~/lib/utils";

/** The top of a content page: gradient backdrop, optional badge, h1 and subtitle. */
export function PageHero({
  badge,
  title,
  subtitle,
  note,
  tone = "primary",
  actionsTestId,
  children,
}: {
  badge?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** A smaller line under the subtitle (e.g. the shop's demo notice). */
  note?: ReactNode;
  /** The colour of the backdrop: primary (indigo) or accent (teal, the community's). */
  tone?: "primary" | "accent";
  actionsTestId?: string;
  /** Actions (buttons, links), in a row from the small breakpoint up. */
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className={cn(
        "relative overflow-hidden border-b border-border",
        tone === "accent"
          ? "bg-[radial-gradient(ellipse_at_top,rgba(94,234,212,0.14),transparent_60%)]"
          : "bg-[radial-gradient(ellipse_at_top,rgba(139,157,255,0.18),transparent_60%)]",
      )}
    >
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-24">
        {badge}
        <h1 id="page-title" className={cn("text-display font-bold tracking-tight", badge ? "mt-6" : null)}>
          {title}
        </h1>
        {subtitle ? <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{subtitle}</p> : null}
        {note ? <p className="mx-auto mt-4 max-w-2xl text-sm text-muted-foreground">{note}</p> : null}
        {children ? (
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row" data-testid={actionsTestId}>
            {children}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** A small pill above a heading, e.g. "Coming soon". */
export function Badge({
  children,
  icon: Icon = Clock,
  tone = "muted",
}: {
  children: ReactNode;
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  tone?: "muted" | "accent";
}) {
  return (
    <p
      className={cn(
        "inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm",
        tone === "accent" ? "border-accent/40 text-accent" : "border-border text-muted-foreground",
      )}
    >
      <Icon className="size-4 text-accent" aria-hidden="true" />
      {children}
    </p>
  );
}
