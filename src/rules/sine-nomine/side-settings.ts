import { own, reject, sideById, sideIdFor } from '../../core/index.ts';
import type { Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { sideName } from './query.ts';

/**
 * set-side (CWN): a side's initiative modifier ("NPCs usually have no modifier, though the GM might
 * give one to exceptionally quick or slow NPCs"; or a penalty for a side that anticipated combat), and
 * whether it is anticipating combat ("Groups cannot be surprised if they are actively anticipating the
 * possibility of combat").
 */
export function setSide(b: Builder, side: string, anticipating: boolean | undefined, modifier: number | undefined): Decision<EngineEvent> {
  const s = b.state;
  const id = sideIdFor(side);
  if (!sideById(s, id)) {
    const names = s.sideOrder.map((x) => s.sides[x]!.name).join(', ') || 'none';
    return reject('side/unknown', `There is no side called "${side}" (sides: ${names}).`);
  }
  const name = sideName(s, id);
  const changes: Record<string, unknown> = {};
  if (anticipating !== undefined && anticipating !== b.m.anticipating.includes(id)) {
    if (s.status !== 'setup') return reject('fight/started', 'Anticipation matters only for surprise, before the fight starts.');
    if (anticipating && b.m.surprised.includes(id)) {
      return reject('cwn/surprised', `The ${name} are already surprised: undo the surprise before marking them as anticipating combat.`);
    }
    changes.anticipating = anticipating;
  }
  if (modifier !== undefined && modifier !== (own(b.m.sideModifiers, id) ?? 0)) {
    const slot = b.m.order.find((o) => o.key === `side:${id}`);
    if (slot) {
      return reject('initiative/already-rolled', `The ${name} have already rolled (${slot.initiative}): the GM can change their total (set-initiative).`);
    }
    changes.modifier = modifier;
  }
  if (Object.keys(changes).length === 0) return reject('side/unchanged', `Nothing changes for the ${name}.`);
  b.emit('side-set', { side: id, ...changes });
  return b.done();
}
