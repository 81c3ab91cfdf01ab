import type { CampaignTemplate } from '../api/campaign-api.ts';

/** The add-combatant command of a bestiary template, `count` alike ("3 x Raider"). */
export function templateCommand(t: CampaignTemplate, count: number, fallbackSide: string): Record<string, unknown> {
  return {
    type: 'add-combatant',
    name: t.name,
    side: t.side ?? fallbackSide,
    kind: 'npc',
    hidden: t.hidden,
    count,
    stats: t.stats,
    ...(t.hp !== null ? { hp: t.hp } : {}),
    ...(t.notes ? { notes: t.notes } : {}),
    ...(t.gmNotes ? { gmNotes: t.gmNotes } : {}),
  };
}
