/**
 * The time zone of scheduled publishes (ADR 0059): the site has no time zone setting and the company
 * works in Germany, so the console asks for and shows a schedule in Berlin time, and says so.
 */
export const SCHEDULE_TIME_ZONE = "Europe/Berlin";

/** A day of the calendar and a time of day, as `<input type="datetime-local">` sends it (`2026-12-01T09:30`). */
export function isLocalDateTime(value: string) {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 9999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}
