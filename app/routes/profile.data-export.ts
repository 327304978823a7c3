import { redirect, type ActionFunctionArgs } from "react-router";
import { dataExportAction } from "~/features/account/privacy-actions.server";

/** POST /profile/data-export: "Download my data" (ZIP, streamed). GET goes back to the profile. */
export async function action({ request }: ActionFunctionArgs) {
  return dataExportAction(request);
}

export async function loader() {
  throw redirect("/profile");
}
