import type { ActionOption } from '../../../core/index.ts';
import type { Gm } from '../context.ts';

/**
 * A legal action: sent at once when its preset says everything (an attack never), else opened as a
 * form. Whether it does needs the command's schema, in the game's whole rules; in the moment after the
 * screen first shows they may still be loading, and then a dialog says "Loading the rules…" at once and,
 * when they are here, becomes the form or sends the action and closes (quick-or-form.tsx). `sending`
 * is told just before it is sent at once (the target chooser closes then; a form replaces it).
 */
export function runAction(gm: Gm, option: ActionOption, who: string, sending?: () => void): void {
  const preset = option.preset ?? {};
  const title = who ? `${who}: ${option.label}` : option.label;
  const form = () => openAction(gm, option, who);
  const kit = gm.kit;
  if (!kit) return gm.open({ kind: 'command', command: option.command, preset, title, runIfQuick: true });
  void import('../dialogs/command-schema.ts').then(({ isQuick }) => {
    if (isQuick(kit.module, option.command, preset)) {
      sending?.();
      void gm.send({ type: option.command, ...preset }, title);
    } else form();
  }, form);
}

/** The same action, always as a form (to add a label, a note or typed-in dice). */
export function openAction(gm: Gm, option: ActionOption, who: string): void {
  gm.open({ kind: 'command', command: option.command, preset: option.preset ?? {}, title: who ? `${who}: ${option.label}` : option.label });
}
