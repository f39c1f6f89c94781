import { useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { QueryClientProvider } from '@tanstack/react-query';
import { config } from '@/config/env';
import { queryClient } from '@/lib/query-client';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { NotifyBridge } from '@/components/feedback/notify-bridge';
import { AuthProvider } from '@/features/auth';
import { theme } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  // A user who asked their system for less motion gets dialogs, menus and messages without animation.
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={enGB} theme={themed}>
      <AntApp
        message={{ duration: config.toastDurationSeconds, maxCount: 3 }}
        notification={{ duration: config.toastDurationSeconds, placement: 'topRight' }}
      >
        <NotifyBridge />
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <AuthProvider>{children}</AuthProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </AntApp>
    </ConfigProvider>
  );
}
