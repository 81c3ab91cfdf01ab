import { lazy, Suspense } from 'react';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import type { CampaignDialog } from './context.ts';
import { useCampaign } from './context.ts';
import { NewFightDialog } from './new-fight-dialog.tsx';
import { PcDialog } from './pc-dialog.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { TemplateDialog } from './template-dialog.tsx';
import { WriteBackDialog } from './write-back-dialog.tsx';

// Its own chunk (the share dialog's parts, the QR code's loader): the campaign page's first load stays as it was.
const TableLinksDialog = lazy(() => import('./table-links-dialog.tsx').then((m) => ({ default: m.TableLinksDialog })));
// Its own chunk too (the importers): only a GM who imports loads them.
const ImportDialog = lazy(() => import('./import-dialog.tsx').then((m) => ({ default: m.ImportDialog })));

/** Every dialog of the campaign page. */
export function CampaignDialogs({ dialog, onClose }: { dialog: CampaignDialog; onClose: () => void }) {
  const c = useCampaign();
  const { state } = c.page;
  const removal = async (command: Record<string, unknown>, note: string) => {
    const r = await c.run(command, note);
    return r.ok ? null : r.message;
  };
  switch (dialog.kind) {
    case 'pc':
      return <PcDialog pcId={dialog.pc} onClose={onClose} />;
    case 'template':
      return <TemplateDialog templateId={dialog.template} onClose={onClose} />;
    case 'new-fight':
      return <NewFightDialog onClose={onClose} />;
    case 'write-back':
      return <WriteBackDialog fight={dialog.fight} onClose={onClose} />;
    case 'rename':
      return <RenameDialog onClose={onClose} />;
    case 'table-links':
      return (
        <Suspense fallback={null}>
          <TableLinksDialog onClose={onClose} />
        </Suspense>
      );
    case 'import':
      return (
        <Suspense fallback={null}>
          <ImportDialog onClose={onClose} />
        </Suspense>
      );
    case 'remove-pc': {
      const name = state.pcs[dialog.pc]?.name ?? 'this character';
      return (
        <ConfirmDialog title={`Remove ${name}?`} confirm={`Remove ${name}`} danger onClose={onClose} onConfirm={() => removal({ type: 'remove-pc', pc: dialog.pc }, `${name} left the party`)}>
          <p>{name} leaves the party: new fights no longer include them. Fights they were in keep them. Undo brings them back.</p>
        </ConfirmDialog>
      );
    }
    case 'remove-template': {
      const name = state.templates[dialog.template]?.name ?? 'this template';
      return (
        <ConfirmDialog title={`Remove ${name}?`} confirm={`Remove ${name}`} danger onClose={onClose} onConfirm={() => removal({ type: 'remove-template', template: dialog.template }, `${name} removed from the bestiary`)}>
          <p>{name} leaves the bestiary. Fights that already have them keep them. Undo brings the template back.</p>
        </ConfirmDialog>
      );
    }
  }
}
