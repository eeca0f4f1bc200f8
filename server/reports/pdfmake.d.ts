// pdfmake 0.3 ships no types; these are the few calls the report builder makes.
declare module 'pdfmake' {
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    addFonts(fonts: Record<string, Record<string, string>>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(doc: object): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}

declare module 'pdfmake/fonts/Roboto' {
  const fonts: Record<string, Record<string, string>>;
  export default fonts;
}
