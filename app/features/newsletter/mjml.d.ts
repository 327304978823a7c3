// mjml 5 ships no types; what the renderer uses of it (node_modules/mjml-core/lib/index.js).
declare module "mjml" {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    validationLevel?: "strict" | "soft" | "skip";
    keepComments?: boolean;
  }
  export default function mjml2html(input: string, options?: MjmlOptions): Promise<{ html: string; errors: MjmlError[] }>;
}
