import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "./load-once";

/** A load the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe("loadOnce", () => {
  it("does not load before the first call, and loads on it", async () => {
    const load = vi.fn(() => Promise.resolve("module"));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    await expect(get()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("gives calls made while it loads the same promise (one download)", async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const get = loadOnce(load);
    const first = get();
    const second = get();
    expect(second).toBe(first);
    pending.resolve("module");
    await expect(Promise.all([first, second])).resolves.toEqual(["module", "module"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps a success: later calls do not load again", async () => {
    const load = vi.fn(() => Promise.resolve({ loaded: true }));
    const get = loadOnce(load);
    const value = await get();
    expect(await get()).toBe(value);
    expect(await get()).toBe(value);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets the call after a failure try again, and every call during the failed load sees the failure", async () => {
    const failing = deferred<string>();
    const load = vi.fn().mockReturnValueOnce(failing.promise).mockResolvedValueOnce("module");
    const get = loadOnce(load as () => Promise<string>);
    const [first, second] = [get(), get()];
    failing.reject(new Error("offline"));
    await expect(first).rejects.toThrow("offline");
    await expect(second).rejects.toThrow("offline");
    expect(load).toHaveBeenCalledTimes(1);
    await expect(get()).resolves.toBe("module");
    await expect(get()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps separate loaders apart", async () => {
    const a = loadOnce(() => Promise.resolve("a"));
    const b = loadOnce(() => Promise.resolve("b"));
    await expect(a()).resolves.toBe("a");
    await expect(b()).resolves.toBe("b");
  });
});
