import { describe, expect, it } from 'vitest';
import type { PlayerCombatant, PlayerView } from '../../server/players/index.ts';
import { overlayParts, overlayWindow } from './overlay-model.ts';
import type { OverlaySlot } from './overlay-model.ts';

const c = (id: string, name: string, more: Partial<PlayerCombatant> = {}): PlayerCombatant => ({
  id,
  name,
  side: 'crew',
  kind: 'pc',
  defeated: false,
  notes: 'a note the overlay never shows',
  conditions: [{ name: 'Prone', lasts: 'until removed' }] as unknown as PlayerCombatant['conditions'],
  tracks: { hp: { value: 5, max: 12 }, luck: { value: 2, max: 3 } },
  initiative: 8,
  done: false,
  ...more,
});

const view: PlayerView = {
  title: 'Docks',
  rules: 'swn',
  status: 'running',
  round: 2,
  version: 10,
  now: { kind: 'actor', round: 2, actor: 'c2' },
  sides: [
    { id: 'crew', name: 'Crew', players: true },
    { id: 'pirates', name: 'Pirates', players: false },
  ] as unknown as PlayerView['sides'],
  combatants: [
    c('c1', 'Vasquez', { done: true }),
    c('c2', 'Kade', { tracks: { hp: { value: 10, max: 10 } } }),
    c('n1', 'Pirate', { side: 'pirates', kind: 'npc', tracks: {}, health: 'Hurt' }),
    c('n2', 'Pirate 2', { side: 'pirates', kind: 'npc', tracks: {}, health: 'Down', defeated: true }),
  ],
  order: [
    { kind: 'actor', members: ['c1'], initiative: 9, label: 'Vasquez', current: false, done: true },
    { kind: 'actor', members: ['c2'], initiative: 8, label: 'Kade', current: true, done: false },
    { kind: 'actor', members: ['n2'], initiative: 6, label: 'Pirate 2', current: false, done: false },
    { kind: 'actor', members: ['n1'], initiative: 4, label: 'Pirate', current: false, done: false },
  ],
  npcHp: 'bands',
  requestKinds: [],
  initiativeFor: [],
};

describe('the overlay’s compact order', () => {
  it('gives the round, who is up, and each slot with names and HP as the player view shows them', () => {
    const p = overlayParts(view);
    expect(p.round).toBe('Round 2');
    expect({ who: p.who, detail: p.detail }).toEqual({ who: 'Kade', detail: 'acts now' });
    expect(p.slots.map((s) => [s.members.map((m) => m.name).join(), s.current, s.next, s.done])).toEqual([
      ['Vasquez', false, false, true],
      ['Kade', true, false, false],
      // The slot after the current one still to act, as the TV's "Next up".
      ['Pirate 2', false, true, false],
      ['Pirate', false, false, false],
    ]);
    const [vasquez, kade, down, pirate] = p.slots.map((s) => s.members[0]!);
    expect(vasquez!.hp?.text).toBe('5/12');
    expect(kade).toMatchObject({ acting: true, pc: true, hp: { text: '10/10', band: 'ok' } });
    expect(down).toMatchObject({ status: 'Down', hp: null, health: null, acting: false });
    expect(pirate).toMatchObject({ hp: null, health: 'Hurt', pc: false });
  });

  it('shows nothing else: no notes, conditions, other tracks or initiative', () => {
    const text = JSON.stringify(overlayParts(view));
    for (const hidden of ['a note', 'Prone', 'luck', 'Luck', 'initiative']) expect(text).not.toContain(hidden);
  });

  it('reads the game’s word for a round, and the fight before and after', () => {
    expect(overlayParts({ ...view, rules: 'kuro' }).round).toBe('Game turn 2');
    expect(overlayParts({ ...view, status: 'setup', now: { kind: 'setup', needs: 'x' }, order: [] }).round).toBe('Before the fight');
    const ended = overlayParts({ ...view, status: 'ended', now: { kind: 'ended' } });
    expect(ended.round).toBe('Ended');
    expect(ended.slots.some((s) => s.current || s.members.some((m) => m.acting))).toBe(false);
  });

  it('lists everyone by side in games without an order (popcorn), and leaves out empty sides', () => {
    const p = overlayParts({ ...view, rules: 'popcorn', order: [], sides: [...view.sides, { id: 'empty', name: 'Nobody', players: false }] as unknown as PlayerView['sides'] });
    expect(p.slots.map((s) => [s.label, s.members.map((m) => m.name)])).toEqual([
      ['Crew', ['Vasquez', 'Kade']],
      ['Pirates', ['Pirate', 'Pirate 2']],
    ]);
  });

  it('names a side slot by its side', () => {
    const p = overlayParts({ ...view, now: { kind: 'side', round: 2, side: 'crew', active: null, waiting: ['c1', 'c2'] }, order: [{ kind: 'side', members: ['c1', 'c2'], initiative: 5, label: 'Crew', current: true, done: false }] });
    expect(p.slots[0]).toMatchObject({ label: 'Crew', current: true });
    expect(p.who).toBe('Crew');
  });
});

describe('the overlay’s window on a long order', () => {
  const slots = (n: number, current: number, next = current + 1): OverlaySlot[] =>
    Array.from({ length: n }, (_, i) => ({ label: null, current: i === current, next: i === next, done: i < current, members: [{ name: `N${i}`, pc: false, acting: i === current, done: false, status: null, hp: null, health: null }] }));
  const names = (w: { slots: readonly OverlaySlot[] }) => w.slots.map((s) => s.members[0]!.name);

  it('shows a short order whole', () => {
    expect(overlayWindow(slots(4, 2), 10)).toEqual({ slots: slots(4, 2), more: 0 });
  });

  it('starts a long one just before the current slot, keeping who is next, and counts the rest', () => {
    const w = overlayWindow(slots(30, 12), 5);
    expect(names(w)).toEqual(['N11', 'N12', 'N13', 'N14', 'N15']);
    expect(w.more).toBe(25);
    expect(names(overlayWindow(slots(30, 0), 5))).toEqual(['N0', 'N1', 'N2', 'N3', 'N4']);
    // Near the end: the last `max` slots.
    expect(names(overlayWindow(slots(30, 29, -1), 5))).toEqual(['N25', 'N26', 'N27', 'N28', 'N29']);
  });

  it('follows the next slot when none is current (Fallout’s gap before a turn), else starts at the top', () => {
    expect(names(overlayWindow(slots(30, -1, 20), 3))).toEqual(['N19', 'N20', 'N21']);
    expect(names(overlayWindow(slots(30, -1, -1), 3))).toEqual(['N0', 'N1', 'N2']);
  });
});
