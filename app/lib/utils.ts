import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names (clsx). It does not resolve Tailwind conflicts the way shadcn/ui's
 * `twMerge` does: tailwind-merge is ~8 KB of compressed JavaScript on every page, and our
 * components never need it. So a `className` passed to a component must not fight the
 * component's own classes (`p-4` against its `p-6`): add a variant or a prop instead. In
 * development, a conflict is reported in the console (tailwind-merge is then loaded; the
 * production build drops it with this branch).
 */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) reportConflicts(classes);
  return classes;
}

function reportConflicts(classes: string) {
  const merged = new Set(twMerge(classes).split(" "));
  const dropped = classes.split(/\s+/).filter((name) => name && !merged.has(name));
  if (dropped.length > 0) console.warn(`cn(): conflicting Tailwind classes (${dropped.join(" ")}) in "${classes}"`);
}
