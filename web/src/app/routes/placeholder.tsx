import { Result, Typography } from 'antd';
import { useCurrentRoute } from '../layout/route-handle';

/** Coming-soon placeholders (spec §1) and pages of later issues. */
export function PlaceholderRoute() {
  const route = useCurrentRoute();
  const comingSoon = route?.status === 'coming-soon';
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        {route?.title}
      </Typography.Title>
      <Result
        status="info"
        title={comingSoon ? 'Coming soon' : 'This page is not yet available'}
        subTitle={route?.card?.description}
      />
    </div>
  );
}

export const Component = PlaceholderRoute;
