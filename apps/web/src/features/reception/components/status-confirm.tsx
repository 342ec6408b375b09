import type { ReceptionGuest, ReceptionPhase } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import type { DeskStore } from '../offline/desk-store.ts';
import { phaseTitle } from './desk-texts.ts';

type Asked = { guest: ReceptionGuest; phase: ReceptionPhase; status: 0 | 1 };

/**
 * Toggling a guest's reception status asks for confirmation first (§4); the confirmed write goes
 * into the desk's queue (sent at once when online, kept when not).
 */
export function useStatusConfirm(store: DeskStore) {
  const { t } = useTranslation('reception');
  const language = useLanguage();
  const [asked, setAsked] = useState<Asked | null>(null);
  const ask = (guest: ReceptionGuest, phase: ReceptionPhase) => {
    const current = guest.phases.find((item) => item.phase_id.$id === phase._id.$id)?.status ?? 0;
    setAsked({ guest, phase, status: current === 1 ? 0 : 1 });
  };
  const dialog = (
    <ConfirmDialog
      isOpen={asked !== null}
      title={asked?.status === 1 ? t('confirm.receiveTitle') : t('confirm.undoTitle')}
      body={
        asked
          ? t(asked.status === 1 ? 'confirm.receiveBody' : 'confirm.undoBody', {
              name: asked.guest.name,
              phase: phaseTitle(asked.phase, language),
            })
          : ''
      }
      confirmLabel={asked?.status === 1 ? t('confirm.receive') : t('confirm.undo')}
      cancelLabel={t('confirm.cancel')}
      onCancel={() => setAsked(null)}
      onConfirm={() => {
        if (asked) {
          void store.enqueue({
            kind: 'status',
            guest_id: asked.guest._id.$id,
            phase_id: asked.phase._id.$id,
            status: asked.status,
          });
        }
        setAsked(null);
      }}
    />
  );
  return { ask, dialog };
}
