import { redirect, type ActionFunctionArgs } from "react-router";
import { sessionsAction } from "~/features/account/privacy-actions.server";

/** POST /profile/sessions: end one of your sessions (intent=end, sessionId) or all others (intent=endOthers). */
export async function action({ request }: ActionFunctionArgs) {
  return sessionsAction(request);
}

export async function loader() {
  throw redirect("/profile");
}
