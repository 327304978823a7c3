import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { selectClass } from "../components/field";

/** An admin gives or takes a console role (its own file so it moves to the form kit mechanically). */
export function RoleForm({ role, disabled }: { role: string | null; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="role" />
      <div className="space-y-1.5">
        <label htmlFor="member-role" className="block text-sm font-medium">
          {t("admin.members.roleLabel")}
        </label>
        <select id="member-role" name="role" defaultValue={role ?? ""} className={selectClass} disabled={disabled}>
          <option value="">{t("admin.roles.none")}</option>
          <option value="editor">{t("admin.roles.editor")}</option>
          <option value="admin">{t("admin.roles.admin")}</option>
        </select>
      </div>
      <Button type="submit" variant="outline" disabled={disabled}>
        {t("admin.members.saveRole")}
      </Button>
    </Form>
  );
}
