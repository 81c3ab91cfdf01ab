import { describe, expect, it } from 'vitest';
import { discordPatchSchema, webhookProblem } from './discord-setting.ts';
import { defaultSettings, mergeSettings, readSettings, settingsPatchSchema, settingsSchema } from './settings.ts';

const HOOK = 'https://discord.com/api/webhooks/123456789012345678/AbCdEf_ghIJ-klmnopQRSTuvwxyz0123456789';

describe('a Discord webhook address', () => {
  it.each([
    HOOK,
    HOOK.replace('discord.com', 'discordapp.com'),
    HOOK.replace('discord.com', 'ptb.discord.com'),
    HOOK.replace('discord.com', 'canary.discord.com'),
    HOOK.replace('discord.com', 'DISCORD.com'),
    HOOK.replace('/api/', '/api/v10/'),
    `${HOOK}/`,
    `${HOOK}?thread_id=123456789012345678`,
  ])('is taken from Discord: %s', (url) => {
    expect(webhookProblem(url)).toBeNull();
  });

  it.each([
    ['http://discord.com/api/webhooks/1234567/abcdefghijklmnop', /must be an https:\/\/ address \(this one starts with http:\/\/\)/],
    ['https://localhost/api/webhooks/1234567/abcdefghijklmnop', /must be on discord\.com \(this one is on localhost\): Turnkeeper posts only to Discord, never to other servers/],
    ['https://127.0.0.1/api/webhooks/1234567/abcdefghijklmnop', /this one is on 127\.0\.0\.1/],
    ['https://[::1]/api/webhooks/1234567/abcdefghijklmnop', /must be on discord\.com/],
    ['https://discord.com.evil.example/api/webhooks/1234567/abcdefghijklmnop', /must be on discord\.com/],
    ['https://evil.example/?https://discord.com/api/webhooks/1234567/abcdefghijklmnop', /must be on discord\.com/],
    ['https://discord.com:8443/api/webhooks/1234567/abcdefghijklmnop', /must not name a port/],
    ['https://me:pw@discord.com/api/webhooks/1234567/abcdefghijklmnop', /user name or password/],
    ['https://discord.com/channels/1234567/abcdefghijklmnop', /not a Discord webhook address: it should look like https:\/\/discord\.com\/api\/webhooks\/<id>\/<token>/],
    ['https://discord.com/api/webhooks/1234567/abcdefghijklmnop/../../../x', /not a Discord webhook address/],
    [`${HOOK}?wait=true`, /only \?thread_id=<number>/],
    [`${HOOK}#x`, /only \?thread_id=<number>/],
    ['discord.com/api/webhooks/1234567/abcdefghijklmnop', /not a web address: paste the address Discord gives/],
    ['file:///etc/passwd', /must be an https:\/\/ address/],
  ])('is refused, in words: %s', (url, words) => {
    expect(webhookProblem(url)).toMatch(words);
  });
});

describe('the discord setting', () => {
  it('is off by default, with every kind of post on once a webhook is set', () => {
    expect(defaultSettings.discord).toEqual({ webhook: null, events: { round: true, up: true, summary: true } });
    expect(readSettings({ npcHp: 'exact' }).discord).toEqual(defaultSettings.discord);
  });

  it('merges: a new webhook, kinds of posts key by key, null to remove it', () => {
    const set = mergeSettings(defaultSettings, settingsPatchSchema.parse({ discord: { webhook: ` ${HOOK} ` } }));
    expect(set.discord.webhook).toBe(HOOK);
    const quiet = mergeSettings(set, settingsPatchSchema.parse({ discord: { events: { up: false } } }));
    expect(quiet.discord).toEqual({ webhook: HOOK, events: { round: true, up: false, summary: true } });
    expect(mergeSettings(quiet, settingsPatchSchema.parse({ npcHp: 'hidden' })).discord).toEqual(quiet.discord);
    expect(mergeSettings(quiet, settingsPatchSchema.parse({ discord: { webhook: null } })).discord.webhook).toBeNull();
  });

  it('refuses a webhook to localhost or http: with a message naming the field', () => {
    for (const webhook of ['https://localhost/api/webhooks/1234567/abcdefghijklmnop', 'http://discord.com/api/webhooks/1234567/abcdefghijklmnop']) {
      const r = discordPatchSchema.safeParse({ webhook });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual(['webhook']);
    }
  });

  it('stored unreadable, falls back to none alone (other settings kept)', () => {
    const stored = { npcHp: 'exact', discord: { webhook: 'http://localhost:8080/x' } };
    expect(settingsSchema.safeParse(stored).success).toBe(false);
    const read = readSettings(stored);
    expect(read.npcHp).toBe('exact');
    expect(read.discord).toEqual(defaultSettings.discord);
  });
});
