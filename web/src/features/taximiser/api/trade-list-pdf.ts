import { useMutation } from '@tanstack/react-query';
import type { TaximiserPlanBody } from '@gains/contracts';
import { apiDownload } from '@/lib/api-client';

/**
 * POST /taximiser/trade-list.pdf: the plan made again by the server from the same request, as the PDF the client
 * signs. The file's name is the server's (`<clientCode>-trade-list-<tradeDate>.pdf`).
 */
export function useTradeListPdf(organisationUuid: string) {
  return useMutation({
    mutationFn: (body: TaximiserPlanBody) =>
      apiDownload('/taximiser/trade-list.pdf', {
        method: 'POST',
        organisationUuid,
        body,
        fallbackName: 'trade-list.pdf',
      }),
    // the page shows the refusal in its message area
    meta: { errorToast: false },
  });
}
