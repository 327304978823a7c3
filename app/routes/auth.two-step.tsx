import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { twoStepAction, twoStepLoader } from "~/features/account/two-step-actions.server";
import { TwoStepPage } from "~/features/account/two-step-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
export const handle = { i18n: ["twostep", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await twoStepLoader(request)), meta: await loadPageMeta(request, "twostep.signIn.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  return twoStepAction(request);
}

export default function TwoStepRoute() {
  return <TwoStepPage mode="signIn" />;
}
