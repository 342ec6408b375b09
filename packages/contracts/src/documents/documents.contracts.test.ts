import { describe, expect, it } from 'vitest';
import { fileIconOf, videoFrameSuffix } from './documents.contracts.ts';

describe('fileIconOf (§9 file icons)', () => {
  it.each([
    ['Programme.PDF', '', 'pdf'],
    ['报告.doc', '', 'doc'],
    ['notes.docx', '', 'docx'],
    ['deck.ppt', '', 'ppt'],
    ['deck.pptx', '', 'pptx'],
    ['budget.xls', '', 'xls'],
    ['budget.xlsx', '', 'xlsx'],
    ['map.webp', '', 'image'],
    ['map.bmp', '', 'image'],
    ['photo', 'image/jpeg', 'image'],
    ['clip.mp4', '', 'video'],
    ['clip', 'video/quicktime', 'video'],
    ['file', 'application/pdf', 'pdf'],
    ['archive.zip', 'application/zip', 'other'],
    ['', '', 'other'],
  ] as const)('%s (%s) → %s', (name, mime, icon) => {
    expect(fileIconOf(name, mime)).toBe(icon);
  });
});

describe('videoFrameSuffix (§9 video frame)', () => {
  it('asks a jpg still at 5 s by default, with an optional size', () => {
    expect(videoFrameSuffix()).toBe('?vframe/jpg/offset/5');
    expect(videoFrameSuffix({ offset: 1.5, width: 192, height: 112 })).toBe(
      '?vframe/jpg/offset/1.5/w/192/h/112',
    );
  });
});
