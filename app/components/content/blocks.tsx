import { Quote } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A page section with a centered heading (h2) and optional subtitle, like the home page. */
export function ContentSection({
  id,
  title,
  subtitle,
  children,
  muted = false,
  className,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  muted?: boolean;
  className?: string;
}) {
  const inner = (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn("mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20", className)}
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={`${id}-title`} className="text-title font-bold tracking-tight">
          {title}
        </h2>
        {subtitle ? <p className="mt-4 text-muted-foreground">{subtitle}</p> : null}
      </div>
      {children ? <div className="mt-12">{children}</div> : null}
    </section>
  );
  return muted ? <div className="border-y border-border bg-card/40">{inner}</div> : inner;
}

/** A card with an icon, an h3 title and a description (rounded-lg border bg-card). */
export function FeatureCard({
  icon: Icon,
  title,
  description,
  children,
  className,
  headingLevel = 3,
}: {
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={cn("h-full rounded-lg border border-border bg-card p-6 break-words hyphens-auto sm:p-8", className)}>
      {Icon ? <Icon className="size-8 text-accent" aria-hidden="true" /> : null}
      <Heading className="mt-4 text-xl font-semibold">{title}</Heading>
      {description ? <p className="mt-2 text-muted-foreground">{description}</p> : null}
      {children}
    </div>
  );
}

/** A large centered quote with an optional attribution. */
export function QuoteBlock({ id, label, quote, author }: { id: string; label: string; quote: ReactNode; author?: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <figure className="mx-auto max-w-3xl text-center">
        <Quote className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h2 id={`${id}-title`} className="sr-only">
          {label}
        </h2>
        <blockquote className="mt-6 text-2xl font-medium leading-relaxed text-balance sm:text-3xl">{quote}</blockquote>
        {author ? <figcaption className="mt-6 text-muted-foreground">{author}</figcaption> : null}
      </figure>
    </section>
  );
}

/** A bullet list with check-style markers. */
export function BulletList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn("mt-4 space-y-2 text-sm text-muted-foreground", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The gradient call-to-action box that closes a page. */
export function CallToAction({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="rounded-2xl border border-border bg-[linear-gradient(135deg,rgba(139,157,255,0.16),rgba(94,234,212,0.10))] px-6 py-14 text-center sm:px-12">
        <h2 id={`${id}-title`} className="text-title font-bold tracking-tight">
          {title}
        </h2>
        {subtitle ? <p className="mx-auto mt-4 max-w-2xl text-muted-foreground">{subtitle}</p> : null}
        <div className="mt-8 flex flex-col flex-wrap justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}
