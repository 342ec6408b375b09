import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { moderationScreens } from '../console-moderation-screens.ts';

export type ModerationScreen = 'queue' | 'words' | 'bans';

/** The three screens of the moderation area as tabs: review queue, word lists, blocked users. */
export function ModerationTabs({ meetingId, current }: { meetingId: string; current: ModerationScreen }) {
  const { t } = useTranslation('console-moderation');
  const navigate = useNavigate();
  const screens: ModerationScreen[] = ['queue', 'words', 'bans'];
  return (
    <Tabs
      label={t('heading')}
      className="mb-4"
      items={screens.map((value) => ({ value, label: t(`tabs.${value}`) }))}
      value={current}
      onChange={(value) => void navigate(moderationScreens[value as ModerationScreen](meetingId))}
    />
  );
}
