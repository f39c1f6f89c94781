import { Pagination, type TablePaginationConfig } from 'antd';
import { PAGE_SIZES } from './grid-query';

/** A count with its noun, in British figures: "1 client", "1,000 clients". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? noun : plural}`;
}

/** "1–10 of 1,000 clients", or "8 clients" when they fit on one page. */
function rangeOf(count: number, [from, to]: [number, number], noun: string, plural: string): string {
  return count <= to - from + 1
    ? countOf(count, noun, plural)
    : `${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')} of ${countOf(count, noun, plural)}`;
}

/**
 * The same pager for a table paged in the browser (a short list: reference data, a price history): the grid
 * pager's words, page numbers on the right, nothing when the rows fit on one page.
 */
export function tablePager(pageSize: number, noun: string, plural = `${noun}s`): TablePaginationConfig {
  return {
    pageSize,
    showSizeChanger: false,
    hideOnSinglePage: true,
    showTotal: (count, range) => rangeOf(count, range, noun, plural),
  };
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
        showTotal={(count, range) => rangeOf(count, range, props.noun, plural)}
        onChange={(page, size) => props.onChange(size !== props.size ? { page: 1, size } : { page, size })}
      />
    </div>
  );
}
