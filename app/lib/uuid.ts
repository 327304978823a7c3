/**
 * Ids of the database's rows are UUIDs: one that is checked before it reaches a query makes garbage a
 * 404 or a form's message, never PostgreSQL's "invalid input syntax for type uuid" (a 500). Any version
 * and either case, as PostgreSQL's uuid type reads them.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * A UUID as PostgreSQL writes it (lower case), for ids that also become part of a text key, such as
 * an audit entry's entity id or a signed token: an upper-case spelling of the same row would be another key.
 */
export function isLowerCaseUuid(value: unknown): value is string {
  return isUuid(value) && value === value.toLowerCase();
}
