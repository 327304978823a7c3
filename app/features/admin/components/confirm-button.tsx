import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** A destructive action: the browser asks for confirmation first (without JavaScript it posts directly). */
export function ConfirmButton({
  intent,
  label,
  confirm,
  fields = {},
}: {
  intent: string;
  label: string;
  confirm: string;
  fields?: Record<string, string>;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="destructive" size="sm">
        {label}
      </Button>
    </Form>
  );
}
