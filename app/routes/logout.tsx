import { redirect, type ActionFunctionArgs } from "react-router";
import { logoutAction } from "~/features/account/auth-actions.server";

/** POST /logout ends the session on the server and returns to /. */
export async function action({ request }: ActionFunctionArgs) {
  return logoutAction(request);
}

export async function loader() {
  throw redirect("/");
}
