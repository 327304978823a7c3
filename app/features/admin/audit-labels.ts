/**
 * The audit log's words for what happened: each action code (`newsletter.issue.create`) has a label in
 * `admin.audit.actions`, keyed by the code in camelCase (`newsletterIssueCreate`); a code without one
 * shows as itself rather than as nothing. `audit-labels.test.ts` finds every code the server records.
 */
export function auditActionKey(code: string) {
  const [first = "", ...rest] = code.split(/[.-]/);
  return `admin.audit.actions.${first}${rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("")}`;
}

/** Where a field of an entity has its label already: the form that edits it. */
const FORM_LABELS: Record<string, string> = { settings: "admin.settings.fields", retention: "admin.retention.labels" };

/**
 * A changed field's name: the label of the form that edits it (site settings, retention), its label
 * in `admin.audit.fields`, or else its code in words (`publishAt` → "Publish at"), never the bare code.
 */
export function auditFieldLabel(t: (key: string) => string, field: string, entity = "") {
  for (const prefix of [FORM_LABELS[entity], "admin.audit.fields"]) {
    if (!prefix) continue;
    const label = t(`${prefix}.${field}`);
    if (label !== `${prefix}.${field}`) return label;
  }
  const words = field
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function auditActionLabel(t: (key: string) => string, code: string) {
  const key = auditActionKey(code);
  const label = t(key);
  return label === key ? code : label;
}
