import { useLocation } from 'react-router';
import { useClientEnvironment } from '../../../lib/environment-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useRegisteredPageShare } from '../../../lib/page-share.ts';
import { routes } from '../../../lib/paths.ts';
import { chooseShareData } from '../../../lib/wechat-share.ts';
import { useMiniProgramLinks } from '../hooks/use-mini-program-links.ts';
import { useWechatShare } from '../hooks/use-wechat-share.ts';
import { FollowCard } from './follow-card.tsx';

/**
 * What the app does inside WeChat and the mini-program web view (§1 client environment), mounted once
 * by the meeting shell there and loaded only there: the share card of every page (the item page's
 * own when its share button registered it, else the meeting's share defaults, lib/wechat-share.ts)
 * through the JS-SDK; in WeChat, the official account's follow card on the home; in the
 * mini-program, the links that open its native pages.
 */
export default function WechatLayer() {
  const meeting = useMeeting();
  const language = useLanguage();
  const environment = useClientEnvironment();
  const { pathname, search } = useLocation();
  const page = useRegisteredPageShare();
  const share = chooseShareData({
    meeting,
    language,
    page,
    location: {
      origin: window.location.origin,
      documentPath: window.location.pathname,
      route: pathname,
      search,
    },
  });
  useWechatShare(meeting._id.$id, share, environment === 'miniprogram');
  useMiniProgramLinks(environment === 'miniprogram');
  return environment === 'wechat' && pathname === routes.home ? (
    <FollowCard meetingId={meeting._id.$id} />
  ) : null;
}
