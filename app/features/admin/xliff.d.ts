declare module "xliff" {
  /** The library's form of an XLIFF document: per file (its `id`), per unit (its `id`), the texts. */
  interface XliffDocument {
    sourceLanguage?: string;
    targetLanguage?: string;
    resources?: Record<string, Record<string, unknown>>;
  }
  /** An XLIFF 2.0 document (the default `targetXliffVersion`). */
  export function js2xliff(
    document: {
      sourceLanguage: string;
      targetLanguage: string;
      resources: Record<string, Record<string, { source: string; target: string }>>;
    },
    options?: { indent?: string },
  ): Promise<string>;
  /** Reads XLIFF 2.x; rejects a document that is not well-formed XML. */
  export function xliff2js(text: string): Promise<XliffDocument>;
}
