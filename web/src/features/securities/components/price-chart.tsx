import { useMemo, useState } from 'react';
import { Empty } from 'antd';
import type { SecurityPrice } from '@gains/contracts';
import { formatDate, formatPrice } from '@/lib/format';
import { chartGeometry, nearestPoint } from './price-chart-geometry';

const WIDTH = 1200;
const HEIGHT = 240;
const PAD = { left: 90, right: 16, top: 16, bottom: 28 };

/**
 * A security's price history as a line (a small SVG: the app has no chart library and needs none for one line).
 * The axis labels and the hover read-out show the server's decimal strings, formatted, never floats.
 */
export function PriceChart({ prices, currency }: { prices: SecurityPrice[]; currency: string }) {
  const geometry = useMemo(() => chartGeometry(prices, WIDTH, HEIGHT), [prices]);
  const [hover, setHover] = useState<number>();
  if (geometry.points.length === 0)
    return <Empty description="No prices in this period" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const point = hover === undefined ? undefined : nearestPoint(geometry.points, hover);
  const first = geometry.points[0].price;
  const last = geometry.points[geometry.points.length - 1].price;
  return (
    <figure className="gains-price-chart" data-testid="price-chart">
      <svg
        viewBox={`0 0 ${WIDTH + PAD.left + PAD.right} ${HEIGHT + PAD.top + PAD.bottom}`}
        role="img"
        aria-label={`Price history in ${currency} from ${formatDate(first.date)} to ${formatDate(last.date)}`}
        onMouseLeave={() => setHover(undefined)}
        onMouseMove={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const scale = (WIDTH + PAD.left + PAD.right) / box.width;
          setHover((e.clientX - box.left) * scale - PAD.left);
        }}
      >
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          <line x1={0} x2={WIDTH} y1={0} y2={0} className="gains-price-chart__grid" />
          <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="gains-price-chart__grid" />
          <text x={-8} y={4} textAnchor="end" className="gains-price-chart__label">
            {formatPrice(geometry.high?.price)}
          </text>
          <text x={-8} y={HEIGHT + 4} textAnchor="end" className="gains-price-chart__label">
            {formatPrice(geometry.low?.price)}
          </text>
          <text x={0} y={HEIGHT + 20} className="gains-price-chart__label">
            {formatDate(first.date)}
          </text>
          <text x={WIDTH} y={HEIGHT + 20} textAnchor="end" className="gains-price-chart__label">
            {formatDate(last.date)}
          </text>
          <path d={geometry.path} className="gains-price-chart__line" />
          {point && (
            <g>
              <line x1={point.x} x2={point.x} y1={0} y2={HEIGHT} className="gains-price-chart__cursor" />
              <circle cx={point.x} cy={point.y} r={4} className="gains-price-chart__dot" />
            </g>
          )}
        </g>
      </svg>
      <figcaption className="gains-price-chart__caption" data-testid="price-chart-readout">
        {point
          ? `${formatDate(point.price.date)}: ${currency} ${formatPrice(point.price.price)}${point.price.stale ? ' (stale)' : ''}`
          : `${geometry.points.length.toLocaleString('en-GB')} prices, ${currency}; low ${formatPrice(geometry.low?.price)}, high ${formatPrice(geometry.high?.price)}`}
      </figcaption>
    </figure>
  );
}
