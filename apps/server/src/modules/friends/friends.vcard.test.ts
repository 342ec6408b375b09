import { describe, expect, it } from 'vitest';
import { escapeVcardText, foldVcardLine, toVcards } from './friends.vcard.ts';

/** vCard 4.0 writing (RFC 6350 §3.2 folding, §3.4 escaping) for the /my/contact export. */
describe('vCard export', () => {
  it('escapes backslash, comma, semicolon and newlines, and drops control characters', () => {
    expect(escapeVcardText('a\\b,c;d\ne\r\nf\u0007g')).toBe('a\\\\b\\,c\\;d\\ne\\nfg');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `FN:${'中'.repeat(60)}`;
    const folded = foldVcardLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('writes one card per contact with a stable UID, a tel URI only for an E.164 phone', () => {
    const text = toVcards([
      {
        id: '64656d6f0000000000002019',
        name: 'Zoë',
        title: 'CTO',
        company: 'A;B',
        phone: '+8613800000000',
        email: 'z@x.io',
      },
      { id: '64656d6f0000000000002020', name: '', title: '', company: '', phone: 'bad', email: '' },
    ]);
    expect(text).toContain(
      'BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:64656d6f-0000-0000-0000-201900000000\r\nFN:Zoë\r\n',
    );
    expect(text).toContain('ORG:A\\;B\r\n');
    expect(text).toContain('TEL;VALUE=uri;TYPE=cell:tel:+8613800000000\r\n');
    expect(text).not.toContain('tel:bad');
    expect(text).toContain('FN:64656d6f0000000000002020\r\n');
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(toVcards([])).toBe('');
  });
});
