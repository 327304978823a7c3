import type { ShellConfig } from "./config";

/**
 * The consulting methodology (spec §4, §9): the server renders every step active
 * (`data-active="true"`), so the content is there without JavaScript and for reduced motion. When
 * motion is allowed and the section is out of view, the steps reset and come in `revealStaggerMs`
 * apart once `revealThreshold` of it is visible. A section React renders later (a client-side
 * navigation) is armed when it appears.
 */
const SECTION = '#methodology[data-reveal]:not([data-hydrated="true"])';

function arm(section: HTMLElement, config: ShellConfig) {
  const steps = Array.from(section.querySelectorAll<HTMLElement>("[data-active]"));
  const rect = section.getBoundingClientRect();
  const visible = Math.min(rect.bottom, innerHeight) - Math.max(rect.top, 0);
  const alreadyVisible = visible > 0 && visible >= config.revealThreshold * Math.min(rect.height, innerHeight);
  section.dataset.hydrated = "true";
  if (typeof IntersectionObserver === "undefined" || matchMedia("(prefers-reduced-motion: reduce)").matches || alreadyVisible) return;
  section.dataset.reveal = "animated";
  for (const step of steps) step.dataset.active = "false";
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries.find((candidate) => candidate.isIntersecting);
      if (!entry) return;
      // A section taller than the viewport can never be 30 % visible as a whole; a viewport-relative fraction counts too.
      const viewport = entry.rootBounds?.height ?? innerHeight;
      if (entry.intersectionRatio < config.revealThreshold && entry.intersectionRect.height < config.revealThreshold * viewport) return;
      observer.disconnect();
      steps.forEach((step, index) => setTimeout(() => (step.dataset.active = "true"), index * config.revealStaggerMs));
    },
    { threshold: [0, 0.1, 0.2, config.revealThreshold, 0.5] },
  );
  observer.observe(section);
}

export function startReveal(config: ShellConfig) {
  const scan = () => {
    const section = document.querySelector<HTMLElement>(SECTION);
    if (section) arm(section, config);
  };
  scan();
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
}
