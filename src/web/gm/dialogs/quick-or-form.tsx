import { useEffect, useRef } from 'react';
import type { Command } from '../../../core/index.ts';
import { CommandDialog } from './command-dialog.tsx';
import type { CommandDialogProps } from './command-dialog.tsx';
import { isQuick } from './command-schema.ts';
import { useGm } from '../context.ts';

interface Props extends CommandDialogProps {
  /** An action clicked before the rules came (run-action.ts): sent as it is if its preset says everything. */
  readonly runIfQuick?: boolean;
}

/**
 * A command's form, or, for an action clicked in the moment before the game's whole rules had come,
 * the action itself once they are here when it needs nothing more (End the turn): it is sent, as a
 * click sends it at any other time, and the waiting dialog closes.
 */
export function QuickOrForm({ runIfQuick, ...props }: Props) {
  const gm = useGm();
  const quick = runIfQuick === true && isQuick(props.kit.module, props.command, props.preset);
  const sent = useRef(false);
  useEffect(() => {
    if (!quick || sent.current) return;
    sent.current = true;
    props.onClose();
    void gm.send({ type: props.command, ...props.preset } as Command, props.title);
  }, [quick, gm, props]);
  return quick ? null : <CommandDialog {...props} />;
}
