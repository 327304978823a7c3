import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/helpers/database";
import { listAudit, parseAuditFilters } from "./audit.server";

/** The audit log's filters as an address gives them (/admin/audit?…): whatever they hold, a page, never a failed query. */
const filtersOf = (query: string) => parseAuditFilters(new URL(`http://console.test/admin/audit?${query}`));

describe("the audit log's filters", () => {
  beforeAll(async () => {
    await resetDatabase();
  });

  it("keeps real days and leaves out a date that is no day of the calendar, saying which", async () => {
    expect(filtersOf("from=2026-02-28&to=2026-03-01")).toMatchObject({ from: "2026-02-28", to: "2026-03-01", invalid: [] });
    for (const bad of ["2026-99-99", "2026-02-30", "0000-01-01", "2026-1-1", "tomorrow", "2026-01-01T00:00"]) {
      const filters = filtersOf(`from=${encodeURIComponent(bad)}&to=${encodeURIComponent(bad)}`);
      expect(filters, bad).toMatchObject({ from: "", to: "", invalid: ["from", "to"] });
      await expect(listAudit(filters)).resolves.toMatchObject({ hasMore: false });
    }
    expect(filtersOf("from=").invalid).toEqual([]);
  });

  it("answers text filters with NUL, quotes and patterns with a page", async () => {
    for (const text of ["\u0000", "a\u0000b", "%_\\", "' or 1=1 --", "x".repeat(5000)]) {
      const filters = filtersOf(new URLSearchParams({ q: text, actor: text, entity: text, page: text }).toString());
      await expect(listAudit(filters), JSON.stringify(text.slice(0, 20))).resolves.toMatchObject({ hasMore: false });
    }
  });
});
