import { describe, expect, it } from 'vitest';
import { campaignPath, gmPath, playPath, routeOf, tablePath } from './routes.ts';

const at = (url: string) => {
  const u = new URL(url, 'http://table.local');
  return routeOf({ pathname: u.pathname, search: u.search, hash: u.hash });
};

describe('routes', () => {
  it('knows the four screens', () => {
    expect(at('/')).toEqual({ screen: 'start' });
    expect(at('/play/abc?key=tkp_1')).toEqual({ screen: 'play', id: 'abc', key: 'tkp_1' });
    expect(at('/gm/abc?key=tkg_1')).toEqual({ screen: 'gm', id: 'abc', key: 'tkg_1' });
    expect(at('/gm/abc#key=tkg_2')).toEqual({ screen: 'gm', id: 'abc', key: 'tkg_2' });
    expect(at('/gm/abc')).toEqual({ screen: 'gm', id: 'abc', key: null });
    expect(at('/campaign/c1')).toEqual({ screen: 'campaign', id: 'c1' });
    expect(at('/campaign')).toEqual({ screen: 'start' });
    expect(at('/table/c1?key=tkt_1&tv=1')).toEqual({ screen: 'play', id: 'c1', key: 'tkt_1', table: true });
    expect(at('/table/c1')).toEqual({ screen: 'play', id: 'c1', key: null, table: true });
    expect(at('/table')).toEqual({ screen: 'start' });
    expect(at('/nowhere')).toEqual({ screen: 'start' });
  });

  it('builds links that route back', () => {
    expect(at(playPath('a b', 'k&1'))).toEqual({ screen: 'play', id: 'a b', key: 'k&1' });
    expect(at(gmPath('x'))).toEqual({ screen: 'gm', id: 'x', key: null });
    expect(at(campaignPath('a/b c'))).toEqual({ screen: 'campaign', id: 'a/b c' });
    expect(at(tablePath('c 1', 'k&1'))).toEqual({ screen: 'play', id: 'c 1', key: 'k&1', table: true });
    expect(tablePath('c1', 'k', true)).toBe('/table/c1?key=k&tv=1');
  });
});
