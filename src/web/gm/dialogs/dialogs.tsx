import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { ConditionDialog } from './condition-dialog.tsx';
import { EndFightDialog, RemoveDialog } from './confirm-dialogs.tsx';
import { useGm } from '../context.ts';
import { RulesLoading } from './rules-loading.tsx';
import type { DialogRequest } from '../context.ts';
import { HelpOverlay } from '../keys/help-overlay.tsx';
import { SettingsDialog } from './settings-dialog.tsx';
import { StoryDialog } from './story-dialog.tsx';
import { ShareDialog } from '../share/share-dialog.tsx';
import { SeatsDialog } from '../share/seats-dialog.tsx';
import { TargetDialog } from './target-dialog.tsx';
import type { GameKit } from '../../games/index.ts';

// The forms built from the rules' schemas need zod, which comes with the game's whole rules right after
// the screen shows: they are chunks of their own, so the other dialogs (and "Loading the rules…") never
// wait for zod.
const loadCommand = () => import('./quick-or-form.tsx');
const loadEdit = () => import('./edit-dialog.tsx');
const CommandDialog = lazy(() => loadCommand().then((m) => ({ default: m.QuickOrForm })));
const EditDialog = lazy(() => loadEdit().then((m) => ({ default: m.EditDialog })));

/** Fetches the forms' chunks ahead of the first click (with zod, once the screen shows). */
export function preloadForms(): Promise<unknown> {
  return Promise.all([loadCommand(), loadEdit()]);
}

/**
 * Every dialog of the GM screen, in one chunk loaded after the screen shows (so the first paint
 * downloads less) and fetched ahead of the first click.
 */
export default function Dialogs({ dialog, onClose }: { dialog: DialogRequest; onClose: () => void }) {
  switch (dialog.kind) {
    case 'command':
      return (
        <WithRules title={dialog.title} onClose={onClose}>
          {(kit) => (
            <CommandDialog key={`${dialog.command}-${JSON.stringify(dialog.preset)}`} kit={kit} command={dialog.command} preset={dialog.preset} title={dialog.title} onClose={onClose} runIfQuick={dialog.runIfQuick === true} />
          )}
        </WithRules>
      );
    case 'edit':
      return (
        <WithRules title="Edit" onClose={onClose}>
          {(kit) => <EditDialog id={dialog.combatant} kit={kit} onClose={onClose} />}
        </WithRules>
      );
    case 'condition':
      return <ConditionDialog combatants={dialog.combatants} onClose={onClose} />;
    case 'help':
      return <HelpOverlay onClose={onClose} />;
    case 'share':
      return <ShareDialog onClose={onClose} />;
    case 'seats':
      return <SeatsDialog onClose={onClose} />;
    case 'settings':
      return <SettingsDialog onClose={onClose} />;
    case 'end-fight':
      return <EndFightDialog onClose={onClose} />;
    case 'story':
      return <StoryDialog onClose={onClose} />;
    case 'remove':
      return <RemoveDialog combatant={dialog.combatant} onClose={onClose} />;
    case 'targets':
      return <TargetDialog title={dialog.title} who={dialog.who} choices={dialog.choices} form={dialog.form === true} onClose={onClose} />;
  }
}

/** A form that needs the game's whole rules: "Loading the rules…" until they and its chunk are here. */
function WithRules({ title, onClose, children }: { title: string; onClose: () => void; children: (kit: GameKit) => ReactNode }) {
  const { kit } = useGm();
  const loading = <RulesLoading title={title} onClose={onClose} />;
  return kit ? <Suspense fallback={loading}>{children(kit)}</Suspense> : loading;
}

