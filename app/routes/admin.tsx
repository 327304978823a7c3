import { Outlet, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ImprintWarning } from "~/features/admin/components/imprint-warning";
import { useConsoleMessages } from "~/features/admin/components/use-console-messages";
import { loadConsoleFrame } from "~/features/admin/console.server";
import type { Page } from "~/lib/page";

export const page = { console: "overview" } satisfies Page;

/**
 * /admin: the operator console's frame (navigation, texts); every child checks its own section.
 * Its answers carry CONSOLE_HEADERS (private, no-store, noindex), set by server/console-gate.ts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadConsoleFrame(request);
}

export default function AdminLayout() {
  const { role, unread, messages, missingImprint } = useLoaderData<typeof loader>();
  useConsoleMessages(messages);
  return (
    <AdminShell role={role} unread={unread}>
      {missingImprint.length > 0 ? <ImprintWarning missing={missingImprint} /> : null}
      <Outlet />
    </AdminShell>
  );
}
