import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ownerToken } from '../shared/keys.ts';
import { CampaignApp } from './campaign-app.tsx';
import './campaign.css';

/** The campaign page at /campaign/:id: owner only, with the owner token this browser keeps (the start page asks for it). */
export function mountCampaign(root: HTMLElement, id: string): void {
  const token = ownerToken();
  const app = createRoot(root);
  if (!token) {
    app.render(
      <main className="campaign-loading">
        <h1>Turnkeeper</h1>
        <p>Campaigns belong to the owner of this server, and this browser does not have the owner token yet.</p>
        <p>
          <a href="/">Give it on the start page</a>, then come back.
        </p>
      </main>,
    );
    return;
  }
  app.render(
    <StrictMode>
      <CampaignApp id={id} token={token} />
    </StrictMode>,
  );
}
