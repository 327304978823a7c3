import { describe, expect, it } from "vitest";
import { splitPageData } from "./page-data";

const CONTEXT = "<script>window.__reactRouterContext = {};</script>";
const MODULE = '<script type="module">import "/assets/entry.js";</script>';
const ENQUEUE = '<script>window.__reactRouterContext.streamController.enqueue("[\\"a\\u003c/b\\"]\\n");</script>';
const CLOSE = "<script>window.__reactRouterContext.streamController.close();</script>";

describe("splitPageData (ADR 0095)", () => {
  it("takes React Router's data scripts out of the held-back scripts and loads them from the page's address", () => {
    const html = `<body><main>x</main><template data-deferred-hydration="interaction">${CONTEXT}${MODULE}${ENQUEUE}${CLOSE}</template></body>`;
    const split = splitPageData(html, "/media?q=a&lang=de&page-data=1");
    expect(split?.html).toBe(
      `<body><main>x</main><template data-deferred-hydration="interaction">${CONTEXT}${MODULE}<script src="/media?q=a&amp;lang=de&amp;page-data=1" data-page-data=""></script></template></body>`,
    );
    expect(split?.data).toBe(
      'window.__reactRouterContext.streamController.enqueue("[\\"a\\u003c/b\\"]\\n");\nwindow.__reactRouterContext.streamController.close();',
    );
  });

  it("leaves pages without held-back data alone", () => {
    expect(splitPageData(`<body>${CONTEXT}${ENQUEUE}${CLOSE}</body>`, "/x?page-data=1")).toBeUndefined();
    expect(
      splitPageData(`<body><template data-deferred-hydration="">${CONTEXT}${MODULE}</template></body>`, "/x?page-data=1"),
    ).toBeUndefined();
  });
});
