import { Icon, type IconName } from "~/components/ui/icon";

/** The media library's icons by what they stand for (CSS masks, components/ui/icon.tsx; ADR 0034). */
const ICONS = {
  image: "image",
  video: "film",
  audio: "music",
  sheet: "file-spreadsheet",
  services: "server",
  document: "file-text",
  download: "download",
  eye: "eye",
  "log-in": "log-in",
  sparkles: "sparkles",
} as const satisfies Record<string, IconName>;

export type MediaIconName = keyof typeof ICONS;

export function MediaIcon({ name, className }: { name: MediaIconName; className?: string }) {
  return <Icon name={ICONS[name]} className={className} />;
}
