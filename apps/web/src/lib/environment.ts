/**
 * The client environment (§1): a plain desktop browser, a mobile browser, the WeChat in-app browser,
 * or a mini-program web view.
 */
export type ClientEnvironment = 'browser' | 'mobile' | 'wechat' | 'miniprogram';

export type EnvironmentProbe = {
  userAgent: string;
  /** `window.__wxjs_environment`, set by the WeChat JS bridge inside a mini-program web view. */
  wxjsEnvironment?: unknown;
};

const mobilePattern = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i;

export function detectEnvironment({ userAgent, wxjsEnvironment }: EnvironmentProbe): ClientEnvironment {
  if (wxjsEnvironment === 'miniprogram' || /miniProgram/i.test(userAgent)) return 'miniprogram';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (mobilePattern.test(userAgent)) return 'mobile';
  return 'browser';
}

/** Reads the current page's environment. */
export function currentEnvironment(): ClientEnvironment {
  if (typeof navigator === 'undefined') return 'browser';
  const wx = (globalThis as { __wxjs_environment?: unknown }).__wxjs_environment;
  return detectEnvironment({ userAgent: navigator.userAgent, wxjsEnvironment: wx });
}
