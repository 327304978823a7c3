import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { setupAction, setupLoader } from "~/features/account/two-step-setup.server";
import { TwoStepSetupPage } from "~/features/account/two-step-setup-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
export const handle = { i18n: ["twostep", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await setupLoader(request)), meta: await loadPageMeta(request, "twostep.setup.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  return setupAction(request);
}

export default function TwoStepSetupRoute() {
  return <TwoStepSetupPage />;
}
