import * as z from "zod/mini";
import { isLocalDateTime } from "~/lib/schedule-time";

/** The "Publish at" form of the page editor, shared by the browser and the server. */
export const pageScheduleSchema = z.object({
  publishAt: z
    .string("admin.pages.schedule.errors.required")
    .check(
      z.trim(),
      z.minLength(1, "admin.pages.schedule.errors.required"),
      z.refine(isLocalDateTime, "admin.pages.schedule.errors.invalid"),
    ),
});
