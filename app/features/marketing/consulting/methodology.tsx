import { useTranslation } from "~/lib/use-translation";

export const METHODOLOGY_STEPS = ["discover", "design", "integrate", "empower", "evolve"] as const;
/** Spec §9: steps become active 200 ms apart once 30 % of the section is visible (app/shell/reveal.ts). */
export const STEP_STAGGER_MS = 200;
export const REVEAL_THRESHOLD = 0.3;

/**
 * The five-step methodology. React renders every step active, so the content is there before
 * JavaScript and for users who prefer reduced motion; the shell script (app/shell/reveal.ts, ADR
 * 0051) resets the steps and reveals them when the section comes into view. What it changes
 * (`data-active`, `data-reveal`, `data-hydrated`) React renders as constants or not at all.
 */
export function Methodology() {
  const { t } = useTranslation();
  return (
    <section
      id="methodology"
      data-reveal="static"
      suppressHydrationWarning
      aria-labelledby="methodology-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="methodology-title" className="text-title font-bold tracking-tight">
          {t("consulting.methodology.title")}
        </h2>
        <p className="mt-4 text-muted-foreground">{t("consulting.methodology.subtitle")}</p>
      </div>
      <ol className="relative mx-auto mt-12 grid max-w-6xl gap-4 lg:grid-cols-5">
        {METHODOLOGY_STEPS.map((step, index) => {
          return (
            <li
              key={step}
              data-testid={`methodology-step-${step}`}
              data-active="true"
              suppressHydrationWarning
              // Fade in only; hiding (the shell script's reset) is immediate and `invisible`.
              className={
                "rounded-lg border bg-card p-5 data-[active=true]:translate-y-0 data-[active=true]:border-primary/50 data-[active=true]:opacity-100 data-[active=true]:transition-all data-[active=true]:duration-500 data-[active=true]:ease-out " +
                "data-[active=false]:invisible data-[active=false]:translate-y-4 data-[active=false]:border-border data-[active=false]:opacity-0"
              }
            >
              <span
                className="flex size-9 items-center justify-center rounded-full bg-[linear-gradient(135deg,#8b9dff,#5eead4)] font-bold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`consulting.methodology.steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`consulting.methodology.steps.${step}.description`)}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
