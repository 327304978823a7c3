/**
 * The audit log's words for what happened: each action code (`newsletter.issue.create`) has a label in
 * `admin.audit.actions`, keyed by the code in camelCase (`newsletterIssueCreate`); a code without one
 * shows as itself rather than as nothing. `audit-labels.test.ts` finds every code the server records.
 */
export function auditActionKey(code: string) {
  const [first = "", ...rest] = code.split(/[.-]/);
  return `admin.audit.actions.${first}${rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("")}`;
}

export function auditActionLabel(t: (key: string) => string, code: string) {
  const key = auditActionKey(code);
  const label = t(key);
  return label === key ? code : label;
}
