import { useEffect, useRef } from 'react';
import { useGm } from '../context.ts';

/** The ended fight's "Story of the fight" button (in the now panel), to open it again. */
export function StoryButton() {
  const gm = useGm();
  if (gm.view.status !== 'ended') return null;
  return (
    <button type="button" className="story-open" onClick={() => gm.open({ kind: 'story' })}>
      Story of the fight
    </button>
  );
}

/** Opens the story of the fight when the fight ends (from running: not when an ended fight is opened). */
export function StoryOnEnd() {
  const gm = useGm();
  const status = gm.view.status;
  const was = useRef(status);
  useEffect(() => {
    if (was.current === 'running' && status === 'ended') gm.open({ kind: 'story' });
    was.current = status;
  }, [status, gm]);
  return null;
}
