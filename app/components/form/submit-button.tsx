import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";

/**
 * A submit button that is disabled and shows a spinner and its busy label (the spec's words, e.g.
 * 'Creating account...') while the request runs. `icon` is shown when idle.
 */
export function SubmitButton({
  busy,
  busyLabel,
  icon,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "type"> & { busy: boolean; busyLabel: string; icon?: ReactNode }) {
  return (
    <Button
      type="submit"
      disabled={busy || disabled}
      aria-disabled={busy || disabled || undefined}
      // A plain form post (no React handler took it) shows the busy label too: app/shell/busy-label.ts.
      data-busy-label={busyLabel}
      {...props}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : icon}
      {busy ? busyLabel : children}
    </Button>
  );
}
