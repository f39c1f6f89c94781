import { Spin } from 'antd';

export function FullPageSpinner({ tip = 'Loading…' }: { tip?: string }) {
  return (
    <div className="gains-full-page" role="status" aria-live="polite" data-testid="app-loading">
      <Spin size="large" tip={tip}>
        <div className="gains-full-page__spin-area" />
      </Spin>
    </div>
  );
}
