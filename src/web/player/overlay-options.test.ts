import { describe, expect, it } from 'vitest';
import { OVERLAY_DEFAULTS, overlayOptions } from './overlay-options.ts';

describe('overlayOptions', () => {
  it('is off without `overlay`, or with it turned off', () => {
    expect(overlayOptions('')).toBeNull();
    expect(overlayOptions('?tv')).toBeNull();
    expect(overlayOptions('?tv=1&corner=top-left')).toBeNull();
    for (const off of ['0', 'no', 'false', 'OFF']) expect(overlayOptions(`?tv&overlay=${off}`)).toBeNull();
  });

  it('is on with `overlay`, `overlay=1` or `overlay=yes`, top-right and medium by default', () => {
    for (const on of ['?overlay', '?tv&overlay', '?tv=1&overlay=1', '?overlay=yes&tv']) expect(overlayOptions(on)).toEqual(OVERLAY_DEFAULTS);
    expect(OVERLAY_DEFAULTS).toEqual({ corner: 'top-right', size: 'm' });
  });

  it('reads the corner and the size, in words or short', () => {
    expect(overlayOptions('?tv&overlay&corner=bottom-left&size=l')).toEqual({ corner: 'bottom-left', size: 'l' });
    expect(overlayOptions('?overlay&corner=TL&size=small')).toEqual({ corner: 'top-left', size: 's' });
    expect(overlayOptions('?overlay&corner=Bottom_Right&size=Large')).toEqual({ corner: 'bottom-right', size: 'l' });
    expect(overlayOptions('?overlay&corner=top%20right&size=medium')).toEqual({ corner: 'top-right', size: 'm' });
  });

  it('falls back to the defaults for values it does not know, without failing', () => {
    expect(overlayOptions('?overlay&corner=middle&size=xxl')).toEqual(OVERLAY_DEFAULTS);
    expect(overlayOptions('?overlay&corner=&size=')).toEqual(OVERLAY_DEFAULTS);
    expect(overlayOptions('?overlay&corner=bottom-left&size=99')).toEqual({ corner: 'bottom-left', size: 'm' });
    expect(overlayOptions('?overlay&corner=%3Cscript%3E')).toEqual(OVERLAY_DEFAULTS);
  });
});
