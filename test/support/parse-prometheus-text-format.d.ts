/** The parser's module has no types of its own: prometheusText.ts says what it returns. */
declare module 'parse-prometheus-text-format' {
  const parse: (text: string) => unknown;
  export default parse;
}
