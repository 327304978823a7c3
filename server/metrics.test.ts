import { describe, expect, it } from "vitest";
import { derivePageTable } from "./page-table";
import { carriesMetricsToken, isLocalRequest, routeLabel } from "./metrics";

const TOKEN = "metrics-token-0123456789";

function request(remoteAddress: string | undefined, headers: Record<string, string> = {}) {
  return { socket: { remoteAddress }, headers };
}

describe("who may read /metrics (ADR 0065)", () => {
  it("takes loopback by the socket's address, in every spelling", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLocalRequest(request(address))).toBe(true);
    for (const address of ["192.0.2.7", "::ffff:192.0.2.7", "fd00::2", "10.127.0.1", "", undefined]) {
      expect(isLocalRequest(request(address))).toBe(false);
    }
  });

  it("does not take a request a proxy passed on as local, whatever it says the client was", () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-proto", "x-forwarded-host", "via"]) {
      expect(isLocalRequest(request("127.0.0.1", { [header]: "127.0.0.1" }))).toBe(false);
    }
  });

  it("opens only with the configured token as a bearer token", () => {
    expect(carriesMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer\t${TOKEN}`,
      `${TOKEN}`,
      `Bearer ${TOKEN}\u0000`,
      `Bearer ${"a".repeat(100_000)}`,
    ]) {
      expect(carriesMetricsToken(header, TOKEN), String(header).slice(0, 40)).toBe(false);
    }
  });

  it("opens with no token at all while none is configured", () => {
    expect(carriesMetricsToken("Bearer ", undefined)).toBe(false);
    expect(carriesMetricsToken(`Bearer ${TOKEN}`, undefined)).toBe(false);
    expect(carriesMetricsToken("Bearer undefined", undefined)).toBe(false);
  });
});

describe("the route label of a request", () => {
  const table = derivePageTable({
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/media": { id: "routes/media", parentId: "root", path: "media", module: {} },
      "routes/item": { id: "routes/item", parentId: "root", path: "admin/media/:id", module: {} },
    } as never,
  });

  it("is the route's pattern, never the path as sent", () => {
    expect(routeLabel(table, "/media")).toBe("/media");
    expect(routeLabel(table, "/media.data")).toBe("/media.data");
    expect(routeLabel(table, "/admin/media/0b6c0a5e-1111-4222-8333-444455556666")).toBe("/admin/media/:id");
    expect(routeLabel(table, "/api/auth/sign-in/email")).toBe("/api/auth/*");
    expect(routeLabel(table, "/files/media-files/a/b.png")).toBe("/files/*");
    expect(routeLabel(table, "/healthz")).toBe("/healthz");
    expect(routeLabel(table, "/wp-login.php")).toBe("other");
    expect(routeLabel(undefined, "/media")).toBe("other");
  });
});
