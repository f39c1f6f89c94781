import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { identity } from '@gains/proto';
import type { IdentityDeps } from '../domain/deps';
import { getCurrentUser } from '../domain/get-current-user';
import { getOrganisation, listOrganisations } from '../domain/list-organisations';
import { signIn } from '../domain/sign-in';
import { signOut } from '../domain/sign-out';
import type { OrganisationRecord } from '../store/organisation-store';

export const IDENTITY_PUBLIC_METHODS = new Set(['SignIn', 'GetJwks']);

function toOrganisation(o: OrganisationRecord) {
  return {
    uuid: o.uuid,
    id: o.id,
    code: o.code,
    name: o.name,
    type: o.type,
    parent: o.parentId ?? undefined,
    serviceLevelId: o.serviceLevelId ?? undefined,
    ignoreBfLoss: o.ignoreBfLoss,
    notes: o.notes,
  };
}

export function createIdentityService(deps: IdentityDeps): ServiceImpl<typeof identity.IdentityService> {
  return {
    async signIn(req) {
      const result = await signIn(deps, { email: req.email, password: req.password, remoteAddress: req.remoteAddress });
      return { state: identity.AuthState.AUTHENTICATED, accessToken: result.accessToken, expiresIn: result.expiresIn };
    },
    async signOut(_req, ctx) {
      await signOut(deps, requireCaller(ctx));
      return {};
    },
    getJwks() {
      return { jwksJson: JSON.stringify(deps.tokens.jwks()) };
    },
    async getCurrentUser(_req, ctx) {
      return { user: await getCurrentUser(deps, requireCaller(ctx)) };
    },
    async listOrganisations(_req, ctx) {
      return { organisations: (await listOrganisations(deps, requireCaller(ctx))).map(toOrganisation) };
    },
    async getOrganisation(req, ctx) {
      return { organisation: toOrganisation(await getOrganisation(deps, requireCaller(ctx), req.uuid)) };
    },
  };
}
