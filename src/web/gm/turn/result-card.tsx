import { useRef } from 'react';
import type { ReactNode } from 'react';
import { rollNotation } from '../../../dice/index.ts';
import type { DieRoll, RollResult } from '../../../dice/index.ts';
import { withoutCommands } from '../../shared/words.ts';
import { useGm } from '../context.ts';
import { useScrollEdges } from '../order/scroll-edges.ts';
import { useSteadyHeight } from '../order/steady-height.ts';

function isRoll(x: unknown): x is RollResult {
  const r = x as RollResult;
  return typeof r === 'object' && r !== null && typeof r.notation === 'string' && Array.isArray(r.dice) && typeof r.total === 'number';
}

/**
 * Every roll inside some events (attack rolls, damage, initiative, tests...), named by whose it is and
 * by its key ("Vasquez", "hit", "Kenji attack").
 */
export function rollsIn(value: unknown, name: (id: string) => string, key = '', out: { key: string; roll: RollResult }[] = []): { key: string; roll: RollResult }[] {
  if (isRoll(value)) {
    out.push({ key, roll: value });
    return out;
  }
  if (Array.isArray(value)) {
    for (const v of value) rollsIn(v, name, key, out);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const who = typeof o.combatant === 'string' ? name(o.combatant) : typeof o.side === 'string' ? o.side : '';
    for (const [k, v] of Object.entries(o)) {
      const part = k === 'roll' ? '' : k.replace(/Roll$/, '');
      rollsIn(v, name, [key || who, part].filter(Boolean).join(' '), out);
    }
  }
  return out;
}

/**
 * A roll's dice in a GM's words: "2d20<=7cs<=1cf>=20" → "2d20, 7 or less (1 counts double, 20 a
 * complication)"; plain dice stay as they are ("1d20", "3dK").
 */
export function rollWords(notation: string): string {
  const m = /^(\d*d\w+)(<=|>=)(\d+)(?:cs<=(\d+))?(?:cf>=(\d+))?$/.exec(notation.replace(/\s+/g, ''));
  if (!m) return notation;
  const [, dice, op, target, crit, fail] = m;
  const extras = [
    crit ? `${crit === '1' ? '1 counts' : `1–${crit} count`} double` : '',
    fail ? `${fail === '20' ? '20' : `${fail}–20`} a complication` : '',
  ].filter(Boolean);
  return `${dice}, ${target} or ${op === '<=' ? 'less' : 'more'}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

function Die({ d }: { d: DieRoll }) {
  const tags = d.tags ?? [];
  const cls = ['die', d.kept ? '' : 'dropped', d.exploded ? 'exploded' : '', (d.successes ?? 0) > 0 ? 'success' : '', tags.includes('complication') ? 'complication' : ''].filter(Boolean).join(' ');
  return (
    <span className={cls} title={`${d.die}: ${d.face}${d.value !== d.face ? ` counts ${d.value}` : ''}${tags.length ? ` (${tags.join(', ')})` : ''}${d.kept ? '' : ', dropped'}`}>
      {d.face}
    </span>
  );
}

/** The last command: what the log said, and the dice that came up. */
export function ResultCard() {
  const gm = useGm();
  const { snap } = gm;
  const lastCmd = snap.encounter.cmd;
  const events = snap.events.filter((e) => e.cmd === lastCmd);
  if (events.length === 0) return <ResultBox content="">{null}</ResultBox>;
  const lines = snap.log.filter((l) => l.cmd === lastCmd);
  const name = (id: string) => gm.view.combatants.find((c) => c.id === id)?.name ?? id;
  const all = rollsIn(events.map((e) => e.event), name);
  const rolls = all.slice(0, MAX_ROLLS);
  return (
    <ResultBox content={`${lastCmd}:${lines.length}:${all.length}`}>
      {rolls.length > 0 && (
        <ul className="rolls">
          {rolls.map(({ key, roll }, i) => (
            <li key={i}>
              <span className="roll-key">{key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Roll'}</span> <span className="muted">{rollWords(rollNotation(roll))}</span>{' '}
              {roll.dice.map((d, j) => (
                <Die key={j} d={d} />
              ))}{' '}
              = <strong>{roll.total}</strong> {roll.source === 'entered' && <span className="tag">typed in</span>}
            </li>
          ))}
        </ul>
      )}
      {all.length > rolls.length && <p className="muted">and {all.length - rolls.length} more rolls (see the log)</p>}
      <ul className="result-lines">
        {lines.map((l) => (
          <li key={l.seq + l.text}>{withoutCommands(l.text)}</li>
        ))}
      </ul>
    </ResultBox>
  );
}

/** The dice shown at most (a whole side's initiative can roll many more: the lines say them all). */
const MAX_ROLLS = 8;

/** The card itself: all its lines; past its largest size it scrolls, and says so. */
function ResultBox({ content, children }: { content: string; children: ReactNode }) {
  const card = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(body, content);
  // As tall as the tallest result so far (up to an attack's few lines): a shorter one moves nothing below.
  useSteadyHeight(card, 12);
  return (
    <section ref={card} className="panel result" aria-label="Last result" data-testid={content ? 'last-result' : undefined}>
      <div ref={body} className={edges.below ? 'result-body more-below' : 'result-body'}>
        {children}
      </div>
      {edges.below && <p className="scroll-hint">more below: scroll ↓</p>}
    </section>
  );
}
