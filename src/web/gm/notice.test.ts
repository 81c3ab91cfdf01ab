import { describe, expect, test } from 'vitest';
import { headerPlace } from './notice.tsx';

const header = { left: 0, top: 0, right: 1400, bottom: 54 };
const box = (left: number, right: number, top = 8, bottom = 46) => ({ left, right, top, bottom });

describe('headerPlace', () => {
  test('between the title and the toolbar, the header high', () => {
    expect(headerPlace(header, box(16, 300), box(880, 1384), 40)).toEqual({ left: 312, top: 0, width: 556, height: 54 });
  });
  test('too narrow a gap: it covers the end of the title, not its links', () => {
    // Free space 100 px; the notice needs 256: it starts 256 px before the toolbar.
    expect(headerPlace(header, box(16, 768), box(880, 1384), 40)).toEqual({ left: 612, top: 0, width: 256, height: 54 });
    // A campaign link under the title ends at 700: the notice starts after it, and is then too narrow.
    expect(headerPlace(header, box(16, 768), box(880, 1384), 700)).toBeNull();
  });
  test('a toolbar wrapped under the title (a narrow window): not in the header', () => {
    expect(headerPlace({ ...header, right: 390, bottom: 110 }, box(16, 300), box(16, 380, 60, 100), 40)).toBeNull();
  });
});
