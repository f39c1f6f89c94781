import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { restoreSession } from '@/lib/api-client';
import '@/lib/antd-render';
import './styles.css';

// A reload stays signed in: the refresh cookie gives this tab its access token before the first screen.
void restoreSession().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
