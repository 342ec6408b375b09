/**
 * vCard 4.0 (RFC 6350) export of connections (§2 /my/contact). No maintained vCard writer is in the
 * package list, so text values are escaped here per RFC 6350 §3.4 (backslash, comma, semicolon,
 * newline) and lines are folded at 75 octets without splitting a UTF-8 character (§3.2), CRLF endings.
 */

/** One contact to write. */
export type VcardContact = {
  id: string;
  name: string;
  title: string;
  company: string;
  /** E.164 phone or ''. */
  phone: string;
  email: string;
};

/** Escapes a TEXT value (RFC 6350 §3.4); control characters other than newline are dropped. */
export function escapeVcardText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
      .replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/,/g, '\\,')
      .replace(/;/g, '\\;')
      .replace(/\r\n|\r|\n/g, '\\n')
  );
}

/** Folds a content line at 75 octets: continuation lines start with one space (RFC 6350 §3.2). */
export function foldVcardLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The vCard 4.0 text of `contacts` (one BEGIN/END block each; '' for none). */
export function toVcards(contacts: readonly VcardContact[]): string {
  const lines: string[] = [];
  for (const contact of contacts) {
    const phone = /^\+\d{4,20}$/.test(contact.phone) ? contact.phone : '';
    const name = escapeVcardText(contact.name || contact.email || phone || contact.id);
    lines.push('BEGIN:VCARD', 'VERSION:4.0', `UID:urn:uuid:${uuidOf(contact.id)}`, `FN:${name}`);
    lines.push(`N:${name};;;;`);
    if (contact.company) lines.push(`ORG:${escapeVcardText(contact.company)}`);
    if (contact.title) lines.push(`TITLE:${escapeVcardText(contact.title)}`);
    if (phone) lines.push(`TEL;VALUE=uri;TYPE=cell:tel:${phone}`);
    if (contact.email) lines.push(`EMAIL:${escapeVcardText(contact.email)}`);
    lines.push('END:VCARD');
  }
  return lines.map(foldVcardLine).join('\r\n') + (lines.length ? '\r\n' : '');
}

/** A stable UUID-shaped id from a 24-hex ObjectId (padded), so re-imports update instead of duplicating. */
function uuidOf(id: string): string {
  const hex = id
    .replace(/[^0-9a-f]/gi, '')
    .padEnd(32, '0')
    .slice(0, 32)
    .toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
