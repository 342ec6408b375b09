import { describe, expect, it } from 'vitest';
import { detectEnvironment } from './environment.ts';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('client environment', () => {
  it('detects a desktop browser', () => {
    expect(
      detectEnvironment({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      }),
    ).toBe('browser');
  });

  it('detects a mobile browser', () => {
    expect(detectEnvironment({ userAgent: iphone })).toBe('mobile');
    expect(detectEnvironment({ userAgent: android })).toBe('mobile');
  });

  it('detects the WeChat browser', () => {
    expect(
      detectEnvironment({
        userAgent: `${iphone} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`,
      }),
    ).toBe('wechat');
  });

  it('detects a mini-program web view by user agent or by the JS bridge', () => {
    expect(detectEnvironment({ userAgent: `${android} MicroMessenger/8.0.47 miniProgram/wx123` })).toBe(
      'miniprogram',
    );
    expect(
      detectEnvironment({ userAgent: `${iphone} MicroMessenger/8.0.47`, wxjsEnvironment: 'miniprogram' }),
    ).toBe('miniprogram');
  });
});
