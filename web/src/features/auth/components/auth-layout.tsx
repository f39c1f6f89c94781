import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** The frame of every sign-in screen. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="gains-auth">
      <Card className="gains-auth__card" variant="borderless">
        <div className="gains-auth__brand">
          <span className="gains-logo" aria-hidden>
            G
          </span>
          <span className="gains-auth__product">Gains</span>
        </div>
        <Typography.Title level={3} className="gains-auth__title">
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
