import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import type { documents } from '@gains/proto';
import type { DocumentsDeps, DocumentTypeRecord } from '../domain/deps';
import { getDocumentType, listDocumentTypes, listLayers } from '../domain/document-type-views';
import { includeCandidate, saveCandidate } from '../domain/edit-candidates';
import { exportCandidates, exportHeaders } from '../domain/export-headers';
import { startHeaderAction } from '../domain/header-jobs';
import { savePreview } from '../domain/edit-previews';
import {
  listCandidates,
  listHeaderTransactions,
  listPreviews,
  listProposedTransactions,
} from '../domain/read-header-rows';
import { getHeader, searchHeaders } from '../domain/read-headers';
import { saveHeader } from '../domain/save-header';
import { saveDocumentType } from '../domain/save-document-type';
import { searchMovementClients, searchMovementPortfolios } from '../domain/search-movement-parties';
import { deleteIncomeDiary, getIncomeDiary, listIncomeDiaries } from '../domain/read-income-diaries';
import { runIncomeDiaries } from '../domain/run-income-diaries';
import { listPortfolioActions } from '../domain/list-portfolio-actions';
import { saveIncomeDiary } from '../domain/save-income-diary';

function typeMessage(t: DocumentTypeRecord) {
  const { id: _id, lineDefinitions, base, ...fields } = t;
  return {
    ...fields,
    // the proto's use_g1g2 is useG1g2 in TypeScript: named here, or the spread leaves it false
    useG1g2: t.useG1G2,
    baseUuid: base?.uuid ?? '',
    baseCode: base?.code ?? '',
    baseName: base?.name ?? '',
    lineDefinitions: lineDefinitions.map(({ id: _lineId, defaultPrice, ...d }) => ({
      ...d,
      defaultPrice: defaultPrice ?? '',
    })),
  };
}

/** A page as the grids' calls answer it (the total is an int64 on the wire). */
const paged = <T>(page: { content: T[]; totalSize: number }) => ({
  content: page.content,
  totalSize: BigInt(page.totalSize),
});

/** gains.documents.v1.DocumentsService (documents.proto): thin, map, call, map. */
export function createDocumentsService(deps: DocumentsDeps): ServiceImpl<typeof documents.DocumentsService> {
  return {
    async listDocumentTypes(req, ctx) {
      return { types: (await listDocumentTypes(deps, requireCaller(ctx), req)).map(typeMessage) };
    },
    async getDocumentType(req, ctx) {
      return typeMessage(await getDocumentType(deps, requireCaller(ctx), req));
    },
    async saveDocumentType(req, ctx) {
      const { processingOverride, lineDefinitions, ...rest } = req;
      return typeMessage(
        await saveDocumentType(deps, requireCaller(ctx), {
          ...rest,
          processingOverride: processingOverride && { ...processingOverride },
          lineDefinitions: lineDefinitions.map((l) => ({ ...l })),
        }),
      );
    },
    async listLayers(req, ctx) {
      return { layers: await listLayers(deps, requireCaller(ctx), req) };
    },
    async searchHeaders(req, ctx) {
      return paged(await searchHeaders(deps, requireCaller(ctx), req));
    },
    async getHeader(req, ctx) {
      return getHeader(deps, requireCaller(ctx), req);
    },
    async listCandidates(req, ctx) {
      return paged(await listCandidates(deps, requireCaller(ctx), req));
    },
    async listPreviews(req, ctx) {
      return paged(await listPreviews(deps, requireCaller(ctx), req));
    },
    async listProposedTransactions(req, ctx) {
      return paged(await listProposedTransactions(deps, requireCaller(ctx), req));
    },
    async listHeaderTransactions(req, ctx) {
      return paged(await listHeaderTransactions(deps, requireCaller(ctx), req));
    },
    async savePreview(req, ctx) {
      await savePreview(deps.edits, requireCaller(ctx), req);
      return {};
    },
    async refreshHeader(req, ctx) {
      return startHeaderAction(deps, requireCaller(ctx), 'refresh', req);
    },
    async processHeader(req, ctx) {
      return startHeaderAction(deps, requireCaller(ctx), 'process', req);
    },
    async reverseHeader(req, ctx) {
      return startHeaderAction(deps, requireCaller(ctx), 'reverse', req);
    },
    async deleteHeader(req, ctx) {
      return startHeaderAction(deps, requireCaller(ctx), 'delete', req);
    },
    async includeCandidate(req, ctx) {
      await includeCandidate(deps.edits, requireCaller(ctx), req);
      return {};
    },
    async saveCandidate(req, ctx) {
      await saveCandidate(deps.edits, requireCaller(ctx), req);
      return {};
    },
    async exportHeaders(req, ctx) {
      return exportHeaders(deps, requireCaller(ctx), req);
    },
    async exportCandidates(req, ctx) {
      return exportCandidates(deps, requireCaller(ctx), req);
    },
    async searchMovementClients(req, ctx) {
      return { clients: await searchMovementClients(deps, requireCaller(ctx), req) };
    },
    async searchMovementPortfolios(req, ctx) {
      return { portfolios: await searchMovementPortfolios(deps, requireCaller(ctx), req) };
    },
    async saveHeader(req, ctx) {
      return saveHeader(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        uuid: req.uuid,
        version: req.version,
        typeUuid: req.typeUuid,
        name: req.name,
        description: req.description,
        exDate: req.exDate,
        payDate: req.payDate,
        startDate: req.startDate,
        tradeDate: req.tradeDate,
        layerUuid: req.layerUuid,
        parentSecurityPrice: req.parentSecurityPrice,
        fractionPrice: req.fractionPrice,
        ...(req.processingOverride && { processingOverride: { ...req.processingOverride } }),
        securityId: req.securityId,
        lines: req.lines.map((l) => ({
          lineDefinitionUuid: l.lineDefinitionUuid,
          securityId: l.securityId,
          rate: l.rate,
          perParent: l.perParent,
          price: l.price,
          incomeReportLabel: l.incomeReportLabel,
        })),
        inPortfolios: req.inPortfolios.map((p) => ({ ...p })),
        outPortfolios: req.outPortfolios.map((p) => ({ ...p })),
      });
    },
    async listIncomeDiaries(req, ctx) {
      return paged(await listIncomeDiaries(deps, requireCaller(ctx), req));
    },
    async getIncomeDiary(req, ctx) {
      return getIncomeDiary(deps, requireCaller(ctx), req);
    },
    async saveIncomeDiary(req, ctx) {
      return saveIncomeDiary(deps, requireCaller(ctx), req);
    },
    async deleteIncomeDiary(req, ctx) {
      return deleteIncomeDiary(deps, requireCaller(ctx), req);
    },
    async runIncomeDiaries(req, ctx) {
      return { created: await runIncomeDiaries(deps, requireCaller(ctx), req) };
    },
    async listPortfolioActions(req, ctx) {
      return { actions: await listPortfolioActions(deps, requireCaller(ctx), req) };
    },
  };
}
