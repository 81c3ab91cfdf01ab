import { useState } from 'react';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { useCampaign } from './context.ts';

/** The campaign's title. */
export function RenameDialog({ onClose }: { onClose: () => void }) {
  const c = useCampaign();
  const [title, setTitle] = useState(c.page.state.title);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog title="Rename the campaign" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim() === c.page.state.title) return onClose();
          void c.run({ type: 'set-title', title: title.trim() }, 'Renamed').then((r) => (r.ok ? onClose() : setError(r.message)));
        }}
      >
        <div className="sf-row">
          <label htmlFor="cp-title">Title</label>
          <input id="cp-title" type="text" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <FormFooter error={error} onClose={onClose} submit="Rename" />
      </form>
    </Dialog>
  );
}
