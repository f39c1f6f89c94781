import { Button, Form, Upload, type UploadProps } from 'antd';
import { CloseOutlined, FileTextOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { formatNumber } from '@/lib/format';
import type { CsvFile } from '../api/compute-ledger';
import { readCsvFile } from './calculation-text';

/**
 * A CSV file read as text in the browser (a Form.Item control: value and onChange). Before a file is chosen it
 * is a drop zone; then it names the file and its rows, with Replace and Remove.
 */
export function CsvUpload({
  value,
  onChange,
  prompt,
  hint,
  rowNoun,
  testId,
}: {
  value?: CsvFile;
  onChange?: (file: CsvFile | undefined) => void;
  prompt: string;
  hint: string;
  /** What a row is: "transaction", "price". */
  rowNoun: string;
  testId: string;
}) {
  const { status } = Form.Item.useStatus();
  const read: UploadProps['beforeUpload'] = (file) => {
    void readCsvFile(file).then((csv) => onChange?.(csv));
    return Upload.LIST_IGNORE;
  };
  const common: UploadProps = { accept: '.csv,text/csv', multiple: false, showUploadList: false, beforeUpload: read };

  if (!value) {
    return (
      <div data-testid={testId} className="gains-csv-upload">
        <Upload.Dragger {...common} className={status === 'error' ? 'gains-csv-upload--error' : undefined}>
          <div className="gains-csv-upload__prompt">
            <InboxOutlined className="gains-csv-upload__icon" />
            <div>
              <div className="gains-csv-upload__text">{prompt}</div>
              <div className="gains-csv-upload__hint">{hint}</div>
            </div>
          </div>
        </Upload.Dragger>
      </div>
    );
  }
  return (
    <div
      data-testid={testId}
      className={`gains-csv-upload gains-csv-upload__file${status === 'error' ? ' gains-csv-upload--error' : ''}`}
    >
      <FileTextOutlined className="gains-csv-upload__icon" />
      <div className="gains-csv-upload__name">
        <div className="gains-csv-upload__text" title={value.name}>
          {value.name}
        </div>
        <div className="gains-csv-upload__hint" data-testid={`${testId}-rows`}>
          {formatNumber(value.rows)} {value.rows === 1 ? rowNoun : `${rowNoun}s`}
        </div>
      </div>
      <Upload {...common}>
        <Button size="small" icon={<SwapOutlined />}>
          Replace
        </Button>
      </Upload>
      <Button
        size="small"
        icon={<CloseOutlined />}
        onClick={() => onChange?.(undefined)}
        aria-label={`Remove ${value.name}`}
      >
        Remove
      </Button>
    </div>
  );
}
