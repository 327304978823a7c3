import { useId } from "react";
import type { Language } from "~/lib/i18n";

/** Small inline flags: no emoji font or image request needed. Decorative: the name is the label. */
export function Flag({ language, className = "h-3.5 w-5 rounded-[2px]" }: { language: Language; className?: string }) {
  const clipId = `flag-gb-${useId().replace(/:/g, "")}`;
  if (language === "de") {
    return (
      <svg className={className} viewBox="0 0 5 3" aria-hidden="true">
        <rect width="5" height="1" fill="#000" />
        <rect y="1" width="5" height="1" fill="#D00" />
        <rect y="2" width="5" height="1" fill="#FFCE00" />
      </svg>
    );
  }
  if (language === "es") {
    return (
      <svg className={className} viewBox="0 0 6 4" aria-hidden="true">
        <rect width="6" height="4" fill="#AA151B" />
        <rect y="1" width="6" height="2" fill="#F1BF00" />
      </svg>
    );
  }
  return (
    <svg className={className} viewBox="0 0 60 30" aria-hidden="true">
      <clipPath id={clipId}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${clipId})`} stroke="#C8102E" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}
