import type { Language } from "~/lib/i18n";

/**
 * Small flags: no emoji font or image request needed. Decorative: the name is the label. Drawn once
 * per page as <symbol>s (in the header's ShellSprite) that each flag points to with <use>: ~60 bytes
 * per flag instead of up to ~600, seven flags in the header of every page (ADR 0034).
 */
export const FLAG_SYMBOLS = (
  <>
    <defs>
      <clipPath id="flag-en-clip">
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
    </defs>
    <symbol id="flag-en" viewBox="0 0 60 30">
      <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath="url(#flag-en-clip)" stroke="#C8102E" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </symbol>
    <symbol id="flag-de" viewBox="0 0 5 3">
      <rect width="5" height="1" fill="#000" />
      <rect y="1" width="5" height="1" fill="#D00" />
      <rect y="2" width="5" height="1" fill="#FFCE00" />
    </symbol>
    <symbol id="flag-es" viewBox="0 0 6 4">
      <rect width="6" height="4" fill="#AA151B" />
      <rect y="1" width="6" height="2" fill="#F1BF00" />
    </symbol>
  </>
);

export function Flag({ language }: { language: Language }) {
  return (
    <svg className="flag" aria-hidden="true">
      <use href={`#flag-${language}`} />
    </svg>
  );
}
