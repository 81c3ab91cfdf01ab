import { ConfirmDialog } from '../../shared/confirm-dialog.tsx';
import { nameOf, useGm } from '../context.ts';

/** End the fight, after asking in the app (undo or reopening brings it back). */
export function EndFightDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
  return (
    <ConfirmDialog
      title="End the fight?"
      confirm="End the fight"
      onClose={onClose}
      onConfirm={async () => {
        const sent = await gm.send({ type: 'end-encounter' }, 'The fight ends');
        return sent.ok ? null : sent.message;
      }}
    >
      <p>Nobody acts any more; the players see that it is over. Undo brings it back.</p>
    </ConfirmDialog>
  );
}

/** Remove a combatant, after asking in the app. */
export function RemoveDialog({ combatant, onClose }: { combatant: string; onClose: () => void }) {
  const gm = useGm();
  const name = nameOf(gm.view, combatant);
  return (
    <ConfirmDialog
      title={`Remove ${name}?`}
      confirm={`Remove ${name}`}
      danger
      onClose={onClose}
      onConfirm={async () => {
        const sent = await gm.send({ type: 'remove-combatant', combatant }, `Remove ${name}`);
        return sent.ok ? null : sent.message;
      }}
    >
      <p>{name} leaves the fight. Undo brings them back.</p>
    </ConfirmDialog>
  );
}
