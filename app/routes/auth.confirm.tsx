import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { confirmAction, confirmLoader } from "~/features/account/two-step-actions.server";
import { TwoStepPage } from "~/features/account/two-step-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
export const handle = { i18n: ["twostep", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await confirmLoader(request)), meta: await loadPageMeta(request, "twostep.confirm.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  return confirmAction(request);
}

export default function ConfirmRoute() {
  return <TwoStepPage mode="confirm" />;
}
