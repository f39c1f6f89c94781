import { Button, Result } from 'antd';

export const CRASH_TEXT = {
  title: "Sorry, there's been a problem",
  description: "This shouldn't have happened. We've reported it to our engineers so they can look into it.",
  reload: 'Reload',
} as const;

/** The render-crash screen (spec §2.3, §8). */
export function CrashFallback() {
  return (
    <div className="gains-crash" role="alert">
      <Result
        status="error"
        title={CRASH_TEXT.title}
        subTitle={CRASH_TEXT.description}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {CRASH_TEXT.reload}
          </Button>
        }
      />
    </div>
  );
}
