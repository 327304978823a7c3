/**
 * React Router's data for hydration, as its <Scripts> writes it: one script per chunk of the page's
 * turbo-stream, then one that closes the stream. Its strings escape "<", so no "</script>" occurs inside.
 */
const DATA_SCRIPT = /<script>(window\.__reactRouterContext\.streamController\.(?:enqueue\([\s\S]*?\)|close\(\));)<\/script>/g;
const TEMPLATE_START = "<template data-deferred-hydration=";

/**
 * A page hydrated on first use, with its data scripts taken out of the held-back scripts (ADR 0095):
 * the HTML keeps one script that loads them from `dataUrl` when the shell runs the template, and
 * `data` is their code, what that address answers. Undefined for a page without held-back data.
 */
export function splitPageData(html: string, dataUrl: string): { html: string; data: string } | undefined {
  const start = html.indexOf(TEMPLATE_START);
  if (start < 0) return undefined;
  const end = html.indexOf("</template>", start);
  if (end < 0) return undefined;
  const bodies: string[] = [];
  const scripts = html.slice(start, end).replace(DATA_SCRIPT, (_, body: string) => {
    bodies.push(body);
    return "";
  });
  if (bodies.length === 0) return undefined;
  const loader = `<script src="${attributeValue(dataUrl)}" data-page-data=""></script>`;
  return { html: `${html.slice(0, start)}${scripts}${loader}${html.slice(end)}`, data: bodies.join("\n") };
}

function attributeValue(value: string) {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}
