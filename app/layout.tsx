import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { LANGUAGE_TAGS } from '../lib/i18n/messages';
import { pageThemeCss } from '../lib/view/palette';
import { requestLanguage } from './language';
// The stylesheets in cascade order (a later one wins a tie).
import './styles/base.css';
import './styles/lock-page.css';
import './styles/history.css';
import './styles/controls.css';
import './styles/diagram.css';
import './styles/classroom.css';
import './styles/scenarios.css';
import './styles/deadlocks.css';
import './styles/replay.css';
import './styles/fleet.css';
import './styles/garbage.css';

export const metadata: Metadata = {
  title: 'zk-lock-explorer',
  description: 'Live view of ZooKeeper distributed locks: holders, queues, predecessor watches.',
};

// Set the theme before the first paint, so that a dark-theme reader never sees a white flash.
const themeScript = `try{var t=localStorage.getItem('theme');if(t!=='light'&&t!=='dark'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}document.documentElement.dataset.theme=t}catch(e){}`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The language the page is rendered in (see `requestLanguage`): its fonts and spacing are chosen by it from the first paint.
  return (
    <html lang={LANGUAGE_TAGS[await requestLanguage()]} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        {/* The palette and the diagram's look, from the same source as an exported picture's. */}
        <style dangerouslySetInnerHTML={{ __html: pageThemeCss() }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
