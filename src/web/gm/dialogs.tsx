import { CommandDialog } from './command-dialog.tsx';
import { ConditionDialog } from './condition-dialog.tsx';
import { EndFightDialog, RemoveDialog } from './confirm-dialogs.tsx';
import type { DialogRequest } from './context.ts';
import { EditDialog } from './edit-dialog.tsx';
import { HelpOverlay } from './help-overlay.tsx';
import { SettingsDialog } from './settings-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';

/**
 * Every dialog of the GM screen, in one chunk loaded after the screen shows (so the first paint
 * downloads less) and fetched ahead of the first click.
 */
export default function Dialogs({ dialog, onClose }: { dialog: DialogRequest; onClose: () => void }) {
  switch (dialog.kind) {
    case 'command':
      return <CommandDialog key={`${dialog.command}-${JSON.stringify(dialog.preset)}`} command={dialog.command} preset={dialog.preset} title={dialog.title} onClose={onClose} />;
    case 'edit':
      return <EditDialog id={dialog.combatant} onClose={onClose} />;
    case 'condition':
      return <ConditionDialog combatants={dialog.combatants} onClose={onClose} />;
    case 'help':
      return <HelpOverlay onClose={onClose} />;
    case 'share':
      return <ShareDialog onClose={onClose} />;
    case 'settings':
      return <SettingsDialog onClose={onClose} />;
    case 'end-fight':
      return <EndFightDialog onClose={onClose} />;
    case 'remove':
      return <RemoveDialog combatant={dialog.combatant} onClose={onClose} />;
  }
}
