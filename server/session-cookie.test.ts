import { describe, expect, it } from "vitest";
import { sessionTokenOf } from "./console-gate";
import { carriesSessionCookie } from "./session-cookie";

describe("the session cookie, as the guard, the page cache and the console gate read it", () => {
  it("is found by its name, alone, among others, and with the HTTPS prefix", () => {
    expect(carriesSessionCookie("better-auth.session_token=abc.def")).toBe(true);
    expect(carriesSessionCookie("language=de; better-auth.session_token=abc.def; x=1")).toBe(true);
    expect(carriesSessionCookie("__Secure-better-auth.session_token=abc.def")).toBe(true);
  });

  it("is not a look-alike name, another cookie's value, or no header", () => {
    expect(carriesSessionCookie(undefined)).toBe(false);
    expect(carriesSessionCookie("language=de")).toBe(false);
    expect(carriesSessionCookie("evil-better-auth.session_token=abc")).toBe(false);
    expect(carriesSessionCookie("note=better-auth.session_token=abc")).toBe(false);
  });

  it("counts an empty one (never a visitor's cached answer), which carries no token", () => {
    expect(carriesSessionCookie("better-auth.session_token=; language=de")).toBe(true);
    expect(sessionTokenOf("better-auth.session_token=; language=de")).toBeUndefined();
  });

  it("gives the console gate the token before the signature", () => {
    expect(sessionTokenOf("language=en; better-auth.session_token=CiNdtVDsbqNMcd5LFwBPTqI7Fht9RETl.h0gL%2FPw%3D")).toBe(
      "CiNdtVDsbqNMcd5LFwBPTqI7Fht9RETl",
    );
  });
});
