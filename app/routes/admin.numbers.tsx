import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { NumbersPage } from "~/features/admin/components/numbers-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { loadNumbers, parseRange } from "~/features/admin/numbers.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "numbers" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/numbers: downloads per day and item, sign-ups and messages per week (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "numbers");
  return { numbers: await loadNumbers(parseRange(new URL(request.url))), meta: await consoleMeta(request, "admin.meta.numbers") };
}

export default function AdminNumbersRoute() {
  const { numbers } = useLoaderData<typeof loader>();
  return <NumbersPage numbers={numbers} />;
}
