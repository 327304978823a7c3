import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useHydrated } from "~/lib/use-hydrated";

export const METHODOLOGY_STEPS = ["discover", "design", "integrate", "empower", "evolve"] as const;
/** Spec §9: steps become active 200 ms apart once 30 % of the section is visible. */
export const STEP_STAGGER_MS = 200;
export const REVEAL_THRESHOLD = 0.3;

/** True when at least REVEAL_THRESHOLD of the element, or of the viewport for tall elements, is visible. */
function isRevealed(rect: DOMRectReadOnly, viewportHeight: number) {
  const visible = Math.min(rect.bottom, viewportHeight) - Math.max(rect.top, 0);
  if (visible <= 0) return false;
  return visible >= REVEAL_THRESHOLD * Math.min(rect.height, viewportHeight);
}

/**
 * The five-step methodology. The server renders every step active, so the content is there
 * before JavaScript loads and for users who prefer reduced motion. After hydration, when
 * motion is allowed and the section is still out of view, the steps reset and come in one
 * after another once the section is visible.
 */
export function Methodology() {
  const { t } = useTranslation();
  const sectionRef = useRef<HTMLElement>(null);
  const [activeCount, setActiveCount] = useState<number>(METHODOLOGY_STEPS.length);
  // "static" on the server and for reduced motion; "animated" once the reveal is armed.
  const [mode, setMode] = useState<"static" | "animated">("static");
  const hydrated = useHydrated();

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (isRevealed(section.getBoundingClientRect(), window.innerHeight)) return;

    setActiveCount(0);
    setMode("animated");
    const timers: number[] = [];
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((candidate) => candidate.isIntersecting);
        if (!entry) return;
        // A section taller than the viewport can never be 30 % visible as a whole; a
        // viewport-relative fraction counts too.
        const viewport = entry.rootBounds?.height ?? window.innerHeight;
        if (entry.intersectionRatio < REVEAL_THRESHOLD && entry.intersectionRect.height < REVEAL_THRESHOLD * viewport) return;
        observer.disconnect();
        METHODOLOGY_STEPS.forEach((_, index) => {
          timers.push(window.setTimeout(() => setActiveCount((count) => Math.max(count, index + 1)), index * STEP_STAGGER_MS));
        });
      },
      { threshold: [0, 0.1, 0.2, REVEAL_THRESHOLD, 0.5] },
    );
    observer.observe(section);
    return () => {
      observer.disconnect();
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);

  return (
    <section
      ref={sectionRef}
      id="methodology"
      data-hydrated={hydrated ? "true" : "false"}
      data-reveal={mode}
      aria-labelledby="methodology-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="methodology-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t("consulting.methodology.title")}
        </h2>
        <p className="mt-4 text-muted-foreground">{t("consulting.methodology.subtitle")}</p>
      </div>
      <ol className="relative mx-auto mt-12 grid max-w-6xl gap-4 lg:grid-cols-5">
        {METHODOLOGY_STEPS.map((step, index) => {
          const active = index < activeCount;
          return (
            <li
              key={step}
              data-testid={`methodology-step-${step}`}
              data-active={active ? "true" : "false"}
              // Styled by data-active, which the script of the page without React sets too (lib/document-script.ts).
              // Fade in only; hiding (the reset after hydration) is immediate and `invisible`.
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
              <h3 className="mt-4 text-lg font-semibold break-words hyphens-auto">{t(`consulting.methodology.steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`consulting.methodology.steps.${step}.description`)}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
