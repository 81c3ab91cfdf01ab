/**
 * Portraits (server routes `.../portraits`): the owner's uploads for campaign PCs and templates, and a
 * fight's portraits as the key reads them (the GM every combatant's, players the visible ones by their
 * ids). An image is fetched with the key (an <img> cannot send one) and shown from memory as a `blob:`
 * URL, kept per address and ETag: a changed image has a new ETag, so it is fetched again.
 */
import { call, encounterPath, otherAnswer, unreachable } from './http.ts';
import type { Answer } from './http.ts';
import type { PortraitEntry, PortraitKind } from '../../server/campaigns/index.ts';

export type { PortraitEntry, PortraitKind };

/** As the server refuses it: 256 kB. */
export const PORTRAIT_MAX_BYTES = 262_144;
export const PORTRAIT_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

const images = new Map<string, Promise<string | null>>();

/** The image at `path` as a `blob:` URL (null when it cannot be read), fetched once per ETag. */
export function portraitImage(path: string, key: string, etag: string): Promise<string | null> {
  const k = `${path}\n${etag}`;
  let p = images.get(k);
  if (!p) {
    p = fetch(path, { headers: { authorization: `Bearer ${key}` } })
      .then(async (r) => (r.ok ? URL.createObjectURL(await r.blob()) : null))
      .catch(() => null);
    images.set(k, p);
    void p.then((u) => {
      if (u === null) images.delete(k);
    });
  }
  return p;
}

/** "300 kB", "10.0 MB". */
function sizeWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

/** What the server would refuse before a byte is sent: too large (its own words). */
export function uploadProblem(file: { readonly size: number }): string | null {
  if (file.size > PORTRAIT_MAX_BYTES) return `A portrait is at most 256 kB; this file is ${sizeWords(file.size)}. Save it smaller (512 × 512 pixels is plenty) and try again.`;
  return null;
}

const campaignPath = (id: string, kind: PortraitKind, ref: string) =>
  `/api/campaigns/${encodeURIComponent(id)}/portraits/${kind}/${encodeURIComponent(ref)}`;

/** The owner's portrait calls for one campaign. */
export function campaignPortraits(token: string, campaignId: string) {
  return {
    list: () => call<{ portraits: PortraitEntry[] }>('GET', `/api/campaigns/${encodeURIComponent(campaignId)}/portraits`, token),
    /** The file as it is, under the type the browser gives it (the server checks the content and says if they disagree). */
    async upload(kind: PortraitKind, ref: string, file: Blob): Promise<Answer<{ portrait: PortraitEntry }>> {
      let res: Response;
      try {
        res = await fetch(campaignPath(campaignId, kind, ref), {
          method: 'PUT',
          headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': file.type || 'application/octet-stream' },
          body: file,
        });
      } catch {
        return unreachable('PUT');
      }
      const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (res.ok && data) return { ok: true, data: data as { portrait: PortraitEntry } };
      if (typeof data?.code === 'string' && typeof data.message === 'string') return { ok: false, status: res.status, code: data.code, message: data.message };
      return otherAnswer('PUT', res.status, res.statusText);
    },
    remove: (kind: PortraitKind, ref: string) => call<{ deleted: true }>('DELETE', campaignPath(campaignId, kind, ref), token),
    image: (entry: PortraitEntry) => portraitImage(campaignPath(campaignId, entry.kind, entry.id), token, entry.etag),
  };
}

/** A fight's portraits, as `key` reads them: combatant id (as the key knows it) -> `blob:` URL. */
export async function loadFightPortraits(id: string, key: string): Promise<Map<string, string>> {
  const r = await call<{ portraits: { combatant: string; etag: string }[] }>('GET', encounterPath(id, '/portraits'), key);
  if (!r.ok) return new Map();
  const urls = await Promise.all(
    r.data.portraits.map(async (p) => [p.combatant, await portraitImage(encounterPath(id, `/portraits/${encodeURIComponent(p.combatant)}`), key, p.etag)] as const),
  );
  return new Map(urls.filter((u): u is readonly [string, string] => u[1] !== null));
}

const same = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/**
 * A fight's portraits kept up to date: read again when the roster's `signature` changes (someone added,
 * renamed, hidden or revealed) or when asked; `changed` is called when they differ.
 */
export class FightPortraits {
  urls: ReadonlyMap<string, string> = new Map();
  private signature: string | null = null;
  private asked = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly id: string,
    private readonly key: string,
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  update(signature: string): void {
    if (signature === this.signature) return;
    this.signature = signature;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const n = ++this.asked;
    const urls = await loadFightPortraits(this.id, this.key);
    if (n !== this.asked || same(urls, this.urls)) return;
    this.urls = urls;
    for (const l of this.listeners) l();
  }
}
