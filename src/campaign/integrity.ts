import { own } from '../core/index.ts';
import type { Campaign } from './state.ts';
import { CAMPAIGN_LIMITS } from './state.ts';
import type { CampaignEvent } from './events.ts';

/**
 * Why this (well-shaped) event cannot follow this campaign, or null: what `decide` would never have
 * recorded (a PC that is not there, an id out of turn, a second creation). The fold ignores such
 * events; a file that holds one is refused instead, since it was edited or damaged.
 */
export function eventProblem(campaign: Campaign, event: CampaignEvent, index: number): string | null {
  const s = campaign.state;
  if (index === 0) return event.type === 'campaign-created' ? null : 'the first event must be "campaign-created"';
  const pc = (id: string): string | null => (own(s.pcs, id) ? null : `there is no PC "${id}" at this point`);
  const template = (id: string): string | null => (own(s.templates, id) ? null : `there is no template "${id}" at this point`);
  const fight = (id: string): string | null => (own(s.fights, id) ? null : `there is no fight "${id}" at this point`);
  const tracks = (changes: readonly { pc: string; track: string }[]): string | null => {
    for (const c of changes) {
      const p = own(s.pcs, c.pc);
      if (!p) return pc(c.pc);
      if (!own(p.tracks, c.track)) return `${p.name} has no "${c.track}" track at this point`;
    }
    return null;
  };
  switch (event.type) {
    case 'campaign-created':
      return 'a campaign is created once, by its first event';
    case 'pc-added':
      if (s.pcOrder.length >= CAMPAIGN_LIMITS.pcs) return `a campaign holds at most ${CAMPAIGN_LIMITS.pcs} PCs`;
      return event.pc.id === `p${s.nextPc}` ? null : `the next PC is "p${s.nextPc}", not "${event.pc.id}"`;
    case 'pc-updated':
    case 'pc-removed':
      return pc(event.pc);
    case 'pc-track-set':
      return tracks([event]);
    case 'template-added':
      if (s.templateOrder.length >= CAMPAIGN_LIMITS.templates) return `a bestiary holds at most ${CAMPAIGN_LIMITS.templates} templates`;
      return event.template.id === `t${s.nextTemplate}` ? null : `the next template is "t${s.nextTemplate}", not "${event.template.id}"`;
    case 'template-updated':
    case 'template-removed':
      return template(event.template);
    case 'fight-linked':
      if (own(s.fights, event.fight.id)) return `the fight "${event.fight.id}" is linked twice`;
      if (s.fightOrder.length >= CAMPAIGN_LIMITS.fights) return `a campaign keeps at most ${CAMPAIGN_LIMITS.fights} fights`;
      for (const id of Object.keys(event.fight.pcs)) if (pc(id)) return pc(id);
      return null;
    case 'fight-unlinked':
      return fight(event.fight);
    case 'written-back':
      if (event.pools && !s.pools) return 'only Fallout campaigns keep Action Point pools';
      return fight(event.fight) ?? tracks(event.changes);
    case 'session-started':
      if (event.session !== s.session + 1) return `the next session is ${s.session + 1}, not ${event.session}`;
      if (event.pools && !s.pools) return 'only Fallout campaigns keep Action Point pools';
      return tracks(event.luck);
    case 'undone':
      if (!campaign.undo || campaign.undo.top.cmd !== event.cmd) return `there is no command ${event.cmd} to undo here`;
      return null;
    case 'redone':
      if (!campaign.redo || campaign.redo.top.cmd !== event.cmd) return `there is no command ${event.cmd} to redo here`;
      return null;
    case 'title-set':
    case 'options-set':
      return null;
  }
}
