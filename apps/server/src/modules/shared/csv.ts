/**
 * One CSV field (RFC 4180) of a console export: quoted when it holds a quote, comma or line break; a
 * text starting with =, +, -, @, tab or carriage return gets a leading ' against spreadsheet formulas,
 * unless it is a plain signed number (a phone such as +8613800138000 stays as it is).
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[+-]\d[\d .]*$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
