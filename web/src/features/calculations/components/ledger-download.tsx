import { useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { getClientLedgerCsv, type ClientLedgerCsv } from '../api/calculation-runs';
import { cgtCommand, fileStem } from './cgt-command';

function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The client's ledger as the CSV `pnpm cgt` reads, the prices the run used and the arguments that give the same
 * figures: so any figure on the page can be reproduced outside the product.
 */
export function LedgerDownload({
  organisationUuid,
  clientUuid,
  clientLabel,
}: {
  organisationUuid: string;
  clientUuid: string;
  clientLabel: string;
}) {
  const [files, setFiles] = useState<ClientLedgerCsv>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(false);
  const stem = fileStem(clientLabel, clientUuid);
  const command = cgtCommand(stem, files);

  const open = async () => {
    setLoading(true);
    setError(undefined);
    try {
      setFiles(await getClientLedgerCsv(organisationUuid, clientUuid));
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={loading} onClick={open} data-testid="download-ledger">
        Download ledger CSV
      </Button>
      <Modal
        open={!!files || !!error}
        title="Reproduce these figures"
        onCancel={() => {
          setFiles(undefined);
          setError(undefined);
        }}
        footer={null}
        width={640}
      >
        {error ? (
          <ApiErrorAlert title="The ledger could not be exported" error={error} />
        ) : (
          files && (
            <div data-testid="ledger-download">
              <Typography.Paragraph>
                Download the files, then run this in the Gains repository for the same figures:
              </Typography.Paragraph>
              <Typography.Paragraph code copyable data-testid="cgt-command">
                {command}
              </Typography.Paragraph>
              <Space wrap>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => download(files.csv, `${stem}-ledger.csv`, 'text/csv')}
                  data-testid="download-ledger-csv"
                >
                  Ledger CSV
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  disabled={!files.pricesCsv}
                  onClick={() => download(files.pricesCsv, `${stem}-prices.csv`, 'text/csv')}
                  data-testid="download-prices-csv"
                >
                  Prices CSV
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => download(`${command}\n`, `${stem}-cgt-args.txt`, 'text/plain')}
                  data-testid="download-cgt-args"
                >
                  Command
                </Button>
              </Space>
            </div>
          )
        )}
      </Modal>
    </>
  );
}
