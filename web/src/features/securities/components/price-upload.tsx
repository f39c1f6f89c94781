import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { PriceUploadProblem, PriceUploadResult } from '@gains/contracts';
import { tablePager } from '@/components/grid/grid-pager';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { uploadProblems, useUploadPrices } from '../api/prices';

export const PRICE_FILE_HEADER = 'security,date,price,currency';

/** The lines of a price file that hold something (the header counts as line 1, as the server counts). */
export function priceFileLines(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

/** What is wrong with the file before it is sent; undefined when it may go. */
export function priceFileProblem(text: string): string | undefined {
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]
    ?.trim()
    .toLowerCase()
    .replace(/\s+/g, '');
  if (!first) return 'The file is empty';
  if (first !== PRICE_FILE_HEADER) return `The first line must be the header ${PRICE_FILE_HEADER}`;
  if (priceFileLines(text) < 2) return 'The file has a header but no prices';
  return undefined;
}

/** "2 lines need" (a line with two problems counts once). */
export function badLinesText(problems: PriceUploadProblem[]): string {
  const lines = new Set(problems.map((p) => p.line)).size;
  return `${formatNumber(lines)} ${lines === 1 ? 'line needs' : 'lines need'}`;
}

/** How the server's upload result reads. */
export function uploadSummary(r: PriceUploadResult): string {
  return `${formatNumber(r.lines)} ${r.lines === 1 ? 'line' : 'lines'}: ${formatNumber(r.inserted)} added, ${formatNumber(r.updated)} updated, ${formatNumber(r.unchanged)} unchanged`;
}

/**
 * The price file upload (Administration > Security Prices): a CSV of security (SEDOL, ISIN or id), date,
 * price and currency. All or nothing: a refused file lists every bad line and nothing is stored; a re-upload
 * of the same file changes nothing.
 */
export function PriceUpload({ organisationUuid }: { organisationUuid: string }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<PriceUploadResult>();
  const upload = useUploadPrices();
  const problems: PriceUploadProblem[] = uploadProblems(upload.error);

  const reset = () => {
    setFile(undefined);
    setProblem(undefined);
    setResult(undefined);
    upload.reset();
  };

  const send = () => {
    if (!file) return setProblem('Choose a price file to upload');
    const wrong = priceFileProblem(file.text);
    if (wrong) return setProblem(wrong);
    upload.mutate(
      { organisationUuid, csv: file.text },
      {
        onSuccess: (r) => {
          setResult(r);
          notify.success(`Prices uploaded: ${uploadSummary(r)}`);
        },
      },
    );
  };

  return (
    <>
      <Button
        icon={<UploadOutlined />}
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        Upload prices
      </Button>
      <Modal
        open={open}
        title="Upload security prices"
        width={760}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          result
            ? [
                <Button key="another" onClick={reset}>
                  Upload another
                </Button>,
                <Button key="done" type="primary" onClick={() => setOpen(false)}>
                  Done
                </Button>,
              ]
            : [
                <Button key="cancel" onClick={() => setOpen(false)}>
                  Cancel
                </Button>,
                <Button key="upload" type="primary" loading={upload.isPending} onClick={send} disabled={!file}>
                  Upload
                </Button>,
              ]
        }
      >
        <Typography.Paragraph type="secondary">
          A CSV file with the header <Typography.Text code>{PRICE_FILE_HEADER}</Typography.Text>; security is a SEDOL,
          ISIN or id, date is YYYY-MM-DD (not in the future), price is a decimal above 0 in the security&apos;s
          currency. Every line must be good or nothing is stored; uploading the same file again changes nothing.
        </Typography.Paragraph>
        {!result && (
          <div data-testid="price-upload-file">
            <Upload
              accept=".csv,text/csv"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen) => {
                void chosen.text().then((text) => {
                  setFile({ name: chosen.name, text });
                  setProblem(undefined);
                  upload.reset();
                });
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="price-file">
                {file ? 'Choose another file' : 'Choose a price file'}
              </Button>
            </Upload>
          </div>
        )}
        {file && !result && (
          <Typography.Paragraph style={{ marginTop: 12 }} data-testid="price-file-name">
            {file.name}: {formatNumber(Math.max(0, priceFileLines(file.text) - 1))} price lines
          </Typography.Paragraph>
        )}
        {problem && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={problem} />}
        {upload.isError && (
          <div data-testid="upload-problems">
            <Alert
              type="error"
              showIcon
              role="alert"
              className="gains-modal-alert"
              message={isApiError(upload.error) ? upload.error.typeDescription : 'The upload failed'}
              description={problems.length ? `Nothing was stored: ${badLinesText(problems)} correcting.` : undefined}
            />
            {problems.length > 0 && (
              <Table<PriceUploadProblem>
                size="small"
                rowKey={(p) => `${p.line}.${p.field}.${p.message}`}
                dataSource={problems}
                pagination={tablePager(10, 'bad line')}
                columns={[
                  { title: 'Line', dataIndex: 'line', width: 80 },
                  { title: 'Field', dataIndex: 'field', width: 110 },
                  { title: 'Problem', dataIndex: 'message' },
                ]}
              />
            )}
          </div>
        )}
        {result && (
          <div data-testid="upload-result">
            <Alert
              type="success"
              showIcon
              className="gains-modal-alert"
              message={`Prices uploaded: ${uploadSummary(result)}`}
            />
            <Descriptions size="small" bordered column={4}>
              <Descriptions.Item label="Lines">{formatNumber(result.lines)}</Descriptions.Item>
              <Descriptions.Item label="Added">{formatNumber(result.inserted)}</Descriptions.Item>
              <Descriptions.Item label="Updated">{formatNumber(result.updated)}</Descriptions.Item>
              <Descriptions.Item label="Unchanged">{formatNumber(result.unchanged)}</Descriptions.Item>
            </Descriptions>
          </div>
        )}
      </Modal>
    </>
  );
}
