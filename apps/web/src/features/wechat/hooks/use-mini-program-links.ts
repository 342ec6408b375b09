import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loadWechatSdk } from '../../../lib/wechat-jssdk.ts';
import { miniProgramLinkAction } from '../../../lib/wechat-miniprogram.ts';

/**
 * Inside the mini-program's web view (§1, §2 mini-program pages): a tap on a link to a page the
 * mini-program shows natively (enterprise detail, demand meeting and detail, thread detail) opens
 * that mini-program page with `wx.miniProgram.navigateTo`; a link to another site goes to the app's
 * /webview page, whose allowed-domain rule embeds it or offers to copy it (§2). One capture-phase
 * listener for the whole document, so every link of every page follows the rule. When the
 * mini-program refuses (its page stack is full) the link opens in place.
 */
export function useMiniProgramLinks(enabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      const action = miniProgramLinkAction(anchor.getAttribute('href') ?? '', {
        origin: window.location.origin,
        documentPath: window.location.pathname,
      });
      if (action.kind === 'none') return;
      event.preventDefault();
      event.stopPropagation();
      if (action.kind === 'webview') {
        navigate(action.to);
        return;
      }
      const inPlace = anchor.hash.slice(1);
      void loadWechatSdk().then((wx) => {
        if (!wx?.miniProgram) {
          navigate(inPlace);
          return;
        }
        wx.miniProgram.navigateTo({ url: action.url, fail: () => navigate(inPlace) });
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [enabled, navigate]);
}
