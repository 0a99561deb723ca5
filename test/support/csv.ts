/** CSV read back by csv-parse, strictly (RFC 4180 quotes, every row as wide as the header). */
import { parse } from 'csv-parse/sync';

export function parseCsv(text: string): string[][] {
  const rows: string[][] = parse(text, {
    relax_quotes: false,
    relax_column_count: false,
    record_delimiter: '\r\n',
  });
  return rows;
}
