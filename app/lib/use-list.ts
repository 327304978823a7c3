import { useTranslation } from "~/lib/use-translation";

/** Translated string arrays (bullet lists, paragraphs) stored as JSON arrays; a missing key gives an empty list. */
export function useList() {
  const { t } = useTranslation();
  return (key: string): string[] => {
    const value = t(key, { returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as string[]) : [];
  };
}
