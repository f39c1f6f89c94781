import { Card, Empty, Segmented, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';

/**
 * One figure of the dashboard: its chart, or the same rows as a table (for screen readers, copying and tests).
 * `rows` empty shows the empty state instead of a chart with nothing on it.
 */
export function FigureCard<Row extends object>(props: {
  id: string;
  title: string;
  chart: ReactNode;
  rows: Row[];
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  empty?: string;
  className?: string;
}) {
  const [view, setView] = useState<'Chart' | 'Table'>('Chart');
  const empty = props.rows.length === 0;
  return (
    <Card
      size="small"
      title={<span id={`${props.id}-title`}>{props.title}</span>}
      className={`gains-mi-card ${props.className ?? ''}`}
      data-testid={`mi-${props.id}`}
      extra={
        <Segmented
          size="small"
          options={['Chart', 'Table']}
          value={view}
          onChange={(v) => setView(v as 'Chart' | 'Table')}
          aria-label={`${props.title}: show as`}
        />
      }
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty ?? 'No figures yet'} />
      ) : view === 'Chart' ? (
        <div className="gains-mi-chart" role="img" aria-labelledby={`${props.id}-title`}>
          {props.chart}
        </div>
      ) : (
        <Table<Row>
          size="small"
          rowKey={props.rowKey}
          dataSource={props.rows}
          columns={props.columns}
          pagination={false}
          scroll={{ y: 118 }}
          aria-labelledby={`${props.id}-title`}
          data-testid={`mi-${props.id}-table`}
        />
      )}
    </Card>
  );
}
