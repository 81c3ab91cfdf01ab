import type { ActionOption } from '../../core/index.ts';
import { isQuick } from './command-schema.ts';
import type { Gm } from './context.ts';

/** A legal action: sent at once when its preset says everything (an attack never), else opened as a form. */
export function runAction(gm: Gm, option: ActionOption, who: string): void {
  const preset = option.preset ?? {};
  const title = who ? `${who}: ${option.label}` : option.label;
  if (isQuick(gm.kit.module, option.command, preset)) void gm.send({ type: option.command, ...preset }, title);
  else gm.open({ kind: 'command', command: option.command, preset, title });
}

/** The same action, always as a form (to add a label, a note or typed-in dice). */
export function openAction(gm: Gm, option: ActionOption, who: string): void {
  gm.open({ kind: 'command', command: option.command, preset: option.preset ?? {}, title: who ? `${who}: ${option.label}` : option.label });
}
