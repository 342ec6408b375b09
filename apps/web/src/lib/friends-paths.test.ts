import { describe, expect, it } from 'vitest';
import { cardFromScan, friendPaths } from './friends-paths.ts';

const card = '64656d6f0000000000002019.AbCdEfGhIjKlMnOpQrSt_-';

describe('friends paths', () => {
  it('reads the card from a scanned personal QR link or a bare token', () => {
    expect(cardFromScan(`https://expo.example.org/#/meeting/connection/card?meeting_id=1&card=${card}`)).toBe(
      card,
    );
    expect(cardFromScan(`  ${card}\n`)).toBe(card);
  });

  it('refuses any other text (a ticket code, another page, a forged shape)', () => {
    expect(cardFromScan('ABCDEF123456')).toBeNull();
    expect(cardFromScan(`https://expo.example.org/#/meeting/home?card=${card}`)).toBeNull();
    expect(cardFromScan('https://expo.example.org/#/meeting/connection/card?card=nope')).toBeNull();
  });

  it('builds the page links with the meeting', () => {
    expect(friendPaths.applications({ meetingId: 'm', tab: 'sent' })).toBe(
      '/my/connections/application?meeting_id=m&tab=sent',
    );
    expect(friendPaths.contact({ meetingId: 'm', scan: true })).toBe('/my/contact?meeting_id=m&scan=1');
  });
});
