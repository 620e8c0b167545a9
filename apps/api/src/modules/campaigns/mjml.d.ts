// mjml 5 ships no type declarations: the one call the campaigns make.
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: { message: string; formattedMessage?: string }[];
  }
  export default function mjml2html(input: string, options?: { validationLevel?: 'strict' | 'soft' | 'skip' }): Promise<MjmlResult>;
}
