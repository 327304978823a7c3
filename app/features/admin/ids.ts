const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in console URLs and forms are checked before they reach a query (garbage is a 404, not a 500). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
