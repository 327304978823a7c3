import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { DEV_RELOAD_PATH, DEV_RELOAD_SCRIPT } from "~/lib/dev-reload";
import { devReloadEvents } from "./dev-reload";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("dev reload stream (ADR 0052)", () => {
  it("announces changes of page sources as one event after they settle, and ignores other files", async () => {
    const root = path.resolve("/project");
    const watcher = new EventEmitter();
    const events = devReloadEvents(watcher, root);
    expect(events.path).toBe(DEV_RELOAD_PATH);
    const app = express();
    app.get(events.path, events);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const controller = new AbortController();
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${DEV_RELOAD_PATH}`, {
        signal: controller.signal,
      });
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      let text = "";
      const reading = (async () => {
        const decoder = new TextDecoder();
        for await (const chunk of response.body!) text += decoder.decode(chunk as Uint8Array);
      })().catch(() => {});
      while (!text.includes(": connected")) await sleep(10);

      watcher.emit("change", path.join(root, "data/pg/postmaster.pid"));
      await sleep(300);
      expect(text).not.toContain("event:");

      watcher.emit("change", path.join(root, "app/routes/about.tsx"));
      watcher.emit("add", path.join(root, "app/routes/new-page.tsx"));
      for (let waited = 0; waited < 2000 && !text.includes("event: change"); waited += 10) await sleep(10);
      await sleep(300);
      expect(text.match(/event: change/g)).toHaveLength(1);
      expect(text).toContain('data: "app/routes/new-page.tsx"');
      controller.abort();
      await reading;
    } finally {
      controller.abort();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("gives document pages a script that reloads on a change and when the stream comes back", () => {
    expect(DEV_RELOAD_SCRIPT).toContain(`new EventSource("${DEV_RELOAD_PATH}")`);
    expect(DEV_RELOAD_SCRIPT).toContain('addEventListener("change", () => location.reload())');
  });
});
