import { useRef } from 'react';
import type { ReactNode } from 'react';
import type { ActionOption, Interrupt } from '../../../core/index.ts';
import { nameOf, useGm } from '../context.ts';
import type { Gm } from '../context.ts';
import { nextStep, roundWord } from './next-step.ts';
import type { NextStep } from './next-step.ts';
import { runAction } from './run-action.ts';
import { useSteadyHeight } from '../order/steady-height.ts';
import { shownNow } from './turn-shown.ts';
import { TurnTimer } from './turn-timer.tsx';

export { nextAction, roundWord } from './next-step.ts';

/** N: what its button says (next-step.ts). */
function doNext(gm: Gm, next: NextStep): void {
  if (next.run) runAction(gm, next.run.option, next.run.who);
  else if (next.show) gm.setFocus(next.show);
  else if (next.say) gm.say(next.say);
}

function interruptOption(gm: Gm, i: Interrupt): ActionOption {
  const c = gm.view.combatants.find((x) => x.id === i.combatant);
  const match = c?.actions.find((a) => a.command === i.command && a.legal);
  // The game says what the command needs (Fallout's trigger takes the situation readied for, not who readied it).
  return match ?? { command: i.command, label: i.label, legal: true, preset: i.preset ?? { actor: i.combatant } };
}

/** Who may act now, in the shape the game gives it, with the choices that belong to it (`children`: after the fight, the campaign's write-back offer). */
export function NowPanel({ children }: { children?: ReactNode }) {
  const gm = useGm();
  // As tall as it has been: fewer choices on the next turn move nothing below.
  const panel = useRef<HTMLElement>(null);
  useSteadyHeight(panel);
  const { view } = gm;
  const now = view.now;
  const n = (id: string) => nameOf(view, id);
  const next = nextStep(view, gm.focus ?? shownNow(view), (c) => gm.store.dryRun(c)?.ok === true);
  let headline: string;
  let detail: string | null = null;
  let choices: { label: string; run: () => void }[] = [];
  switch (now.kind) {
    case 'setup':
      headline = view.status === 'setup' ? 'Setting up' : `${roundWord(view, true)} ${now.round ?? view.round}: waiting`;
      detail = now.needs;
      break;
    case 'actor':
      headline = `${n(now.actor)} acts`;
      detail = now.label ?? null;
      break;
    case 'side': {
      const side = view.sides.find((s) => s.id === now.side)?.name ?? now.side;
      // One member left: no choice for the side to make, the screen takes that member (turn-shown.ts).
      const last = !now.active && now.waiting.length === 1 ? now.waiting[0]! : null;
      headline = now.active ? `${n(now.active)} acts for ${side}` : last ? `${n(last)} acts for ${side}` : `${side}: who acts next?`;
      detail = last ? `The last of the ${side} to act this ${roundWord(view)}` : now.waiting.length ? `Still to act: ${now.waiting.map(n).join(', ')}` : (now.label ?? null);
      if (!now.active) {
        choices = now.waiting.map((id) => ({
          label: n(id),
          run: () => {
            const begin = view.combatants.find((c) => c.id === id)?.actions.find((a) => a.command === 'begin-turn' && a.legal);
            if (begin) runAction(gm, begin, n(id));
            else void gm.send({ type: 'begin-turn', combatant: id }, `${n(id)} acts`);
          },
        }));
      }
      break;
    }
    case 'group':
      headline = `${now.actors.map(n).join(' and ')} act together`;
      detail = now.label ?? null;
      break;
    case 'pass':
      headline = now.from ? `${n(now.from)} passes the initiative` : 'Who takes the initiative?';
      detail = now.label ?? null;
      choices = now.candidates.map((id) => ({ label: n(id), run: () => void gm.send({ type: 'pass', to: id }, `Pass to ${n(id)}`) }));
      break;
    case 'decision':
      headline = now.decision.question.length > 60 ? 'The GM decides' : now.decision.question;
      if (now.decision.question.length > 60) detail = now.decision.question;
      choices = now.decision.options.map((o) => ({
        label: o.label,
        run: () => void gm.send({ type: now.decision.command, [now.decision.field]: o.value }, o.label),
      }));
      break;
    case 'ended':
      headline = 'The encounter has ended';
      choices = [{ label: 'Reopen it', run: () => void gm.send({ type: 'reopen-encounter' }, 'Reopen') }];
      break;
  }
  const round = 'round' in now && typeof now.round === 'number' ? now.round : view.round;
  const phase = 'phase' in now && typeof now.phase === 'number' ? now.phase : null;
  const interrupts = now.kind === 'ended' ? [] : (now.interrupts ?? []);
  const shownInterrupts = interrupts.filter((i) => i.command !== 'act' && i.command !== 'react').slice(0, 6);
  return (
    <section ref={panel} className="panel now" aria-live="polite" aria-labelledby="now-h" data-testid="now">
      <div className="now-meta">
        <span className="round">{view.status === 'setup' ? 'Before the fight' : `${roundWord(view, true)} ${round}${phase ? ` · phase ${phase}` : ''}`}</span>
        <TurnTimer />
      </div>
      <h2 id="now-h" className="now-head">
        {headline}
      </h2>
      <p className="now-detail" title={detail ?? undefined}>
        {detail ?? '\u00a0'}
      </p>
      <div className="now-choices">
        {choices.map((c, i) => (
          <button key={c.label} type="button" onClick={c.run} data-choice={i < 9 ? String(i + 1) : undefined} title={i < 9 ? `Shift+${i + 1}` : undefined}>
            {c.label} {i < 9 && <kbd aria-hidden="true">⇧{i + 1}</kbd>}
          </button>
        ))}
        {now.kind === 'ended' && children}
        {next && (
          <button type="button" className="primary" data-shortcut="n" onClick={() => doNext(gm, next)}>
            {next.label} <kbd aria-hidden="true">N</kbd>
          </button>
        )}
      </div>
      {shownInterrupts.length > 0 && (
        <div className="interrupts" aria-label="Out of turn">
          <span className="muted">Out of turn:</span>
          {shownInterrupts.map((i) => (
            <button key={`${i.combatant}-${i.command}-${i.label}`} type="button" className="small" onClick={() => runAction(gm, interruptOption(gm, i), n(i.combatant))}>
              {n(i.combatant)}: {i.label}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
