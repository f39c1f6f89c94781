import { Pagination } from 'antd';
import { PAGE_SIZES } from './grid-query';

/** A count with its noun, in British figures: "1 client", "1,000 clients". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? noun : plural}`;
}

/**
 * The one pager under every grid: "1–10 of 1,000 clients", page numbers and the page size. Nothing at all when
 * there are no rows (the grid itself says why), never "Page 0 of 0".
 */
export function GridPager(props: {
  page: number;
  size: number;
  total: number;
  /** What the rows are, singular ("client"); the plural adds an s unless given. */
  noun: string;
  plural?: string;
  onChange: (change: { page: number; size: number }) => void;
}) {
  if (props.total === 0) return null;
  const plural = props.plural ?? `${props.noun}s`;
  return (
    <div className="gains-grid-footer" data-testid="grid-pager">
      <Pagination
        current={props.page}
        pageSize={props.size}
        total={props.total}
        pageSizeOptions={PAGE_SIZES.map(String)}
        showSizeChanger
        showTotal={(count, [from, to]) =>
          count <= to - from + 1
            ? countOf(count, props.noun, plural)
            : `${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')} of ${countOf(count, props.noun, plural)}`
        }
        onChange={(page, size) => props.onChange(size !== props.size ? { page: 1, size } : { page, size })}
      />
    </div>
  );
}
