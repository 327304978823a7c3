import { useBrand } from "~/lib/brand";
import { useSiteFacts } from "~/lib/site-facts";

/**
 * The logo, drawn once per page as a <symbol> (in the header's ShellSprite) that the header and the
 * footer point to with <use> (ADR 0034).
 */
export const LOGO_SYMBOL = (
  <>
    <defs>
      <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#a5b4fc" />
        <stop offset="1" stopColor="#5eead4" />
      </linearGradient>
    </defs>
    <symbol id="logo" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill="#141b2b" />
      <path d="M16 5l9 22h-4.2l-1.8-4.6h-6L11.2 27H7zm0 7.2l-2 5.6h4z" fill="url(#logo-gradient)" />
    </symbol>
  </>
);

/** The operator's logo (a library picture, ADR 0076) when one is chosen, else the product's mark and name. */
export function Logo() {
  const { logo } = useBrand();
  const { name } = useSiteFacts();
  if (logo) {
    const width = logo.width && logo.height ? Math.round((32 * logo.width) / logo.height) : undefined;
    return <img src={logo.url} alt={name} height={32} width={width} className="h-8 w-auto max-w-40 object-contain" />;
  }
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <use href="#logo" />
      </svg>
      <span className="text-lg font-semibold tracking-tight">IP Angel</span>
    </span>
  );
}
