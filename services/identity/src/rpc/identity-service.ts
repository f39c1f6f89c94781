import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { identity } from '@gains/proto';
import { createOrganisation } from '../domain/create-organisation';
import { createServiceLevel } from '../domain/create-service-level';
import { getAdminOrganisation } from '../domain/get-admin-organisation';
import { getServiceLevel } from '../domain/get-service-level';
import { inviteUser } from '../domain/invite-user';
import { listAdminOrganisations } from '../domain/list-admin-organisations';
import { listOrganisationTypes } from '../domain/list-organisation-types';
import { listServiceLevels } from '../domain/list-service-levels';
import { listUsers } from '../domain/list-users';
import { resetUserMfa } from '../domain/reset-user-mfa';
import { searchOrganisations } from '../domain/search-organisations';
import type { ServiceLevelInput } from '../domain/service-level-rules';
import { setUserDisabled } from '../domain/set-user-disabled';
import { updateOrganisation } from '../domain/update-organisation';
import { updateServiceLevel } from '../domain/update-service-level';
import type { UserSummary } from '../domain/user-summary';
import { changePassword } from '../domain/change-password';
import { checkSession } from '../domain/check-session';
import { completeNewPassword } from '../domain/complete-new-password';
import { confirmMfa } from '../domain/confirm-mfa';
import type { IdentityDeps } from '../domain/deps';
import { forgotPassword } from '../domain/forgot-password';
import { getCurrentUser } from '../domain/get-current-user';
import { listAuditEntries } from '../domain/list-audit-entries';
import { listDevMail } from '../domain/list-dev-mail';
import { getOrganisation, listOrganisations } from '../domain/list-organisations';
import type { OrganisationInput } from '../domain/organisation-rules';
import { refreshSession } from '../domain/refresh-session';
import { resetPassword } from '../domain/reset-password';
import { setupMfa } from '../domain/setup-mfa';
import type { AuthResult, AuthStateName } from '../domain/sign-in-steps';
import { signIn } from '../domain/sign-in';
import { signOut } from '../domain/sign-out';
import { issueServiceToken } from '../domain/issue-service-token';
import { verifyMfaSetup } from '../domain/verify-mfa-setup';
import type { OrganisationRecord } from '../store/organisation-store';
import type { ServiceLevelRecord } from '../store/service-level-store';

/** Calls that need no access token: the sign-in flow carries challenges or refresh tokens instead. */
export const IDENTITY_PUBLIC_METHODS = new Set([
  'SignIn',
  'CompleteNewPassword',
  'ConfirmMfa',
  'SetupMfa',
  'VerifyMfaSetup',
  'ForgotPassword',
  'ResetPassword',
  'Refresh',
  'GetJwks',
  'IssueServiceToken',
]);

const STATES: Record<AuthStateName, identity.AuthState> = {
  LOGIN: identity.AuthState.LOGIN,
  NEW_PASSWORD_REQUIRED: identity.AuthState.NEW_PASSWORD_REQUIRED,
  MFA: identity.AuthState.MFA,
  MFA_SETUP: identity.AuthState.MFA_SETUP,
  RESET_PASSWORD: identity.AuthState.RESET_PASSWORD,
  AUTHENTICATED: identity.AuthState.AUTHENTICATED,
};

function toAnswer(result: AuthResult) {
  return {
    state: STATES[result.state],
    accessToken: result.accessToken ?? '',
    expiresIn: result.expiresIn ?? 0,
    refreshToken: result.refreshToken ?? '',
    session: result.session ?? '',
    message: result.message ?? '',
  };
}

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
    mfaRequired: o.mfaRequired,
    customer: o.customer ? { ...o.customer, oldPriceAgeDays: o.customer.oldPriceAgeDays ?? undefined } : undefined,
  };
}

function fromOrganisation(req: identity.SaveOrganisationRequest): OrganisationInput {
  return {
    code: req.code,
    name: req.name,
    type: req.type,
    parent: req.parent ?? null,
    serviceLevelId: req.serviceLevelId ?? null,
    ignoreBfLoss: req.ignoreBfLoss,
    notes: req.notes,
    mfaRequired: req.mfaRequired,
    customer: req.customer ? { ...req.customer, oldPriceAgeDays: req.customer.oldPriceAgeDays ?? null } : null,
  };
}

function toServiceLevel(s: ServiceLevelRecord) {
  return {
    id: s.id,
    uuid: s.uuid,
    code: s.code,
    serviceLevel: s.serviceLevel,
    reportTypeMappings: s.reportTypeMappings,
  };
}

function fromServiceLevel(req: identity.SaveServiceLevelRequest): ServiceLevelInput {
  return {
    code: req.code,
    serviceLevel: req.serviceLevel,
    reportTypeMappings: req.reportTypeMappings.map((m) => ({
      id: m.id,
      reportTypeId: m.reportTypeId,
      generate: m.generate,
    })),
  };
}

function toUser(u: UserSummary) {
  return { ...u, createdAt: u.createdAt.toISOString() };
}

export function createIdentityService(deps: IdentityDeps): ServiceImpl<typeof identity.IdentityService> {
  return {
    async signIn(req) {
      return toAnswer(
        await signIn(deps, { email: req.email, password: req.password, remoteAddress: req.remoteAddress }),
      );
    },
    async completeNewPassword(req) {
      return toAnswer(
        await completeNewPassword(deps, {
          session: req.session,
          password: req.password,
          confirmPassword: req.confirmPassword,
          remoteAddress: req.remoteAddress,
        }),
      );
    },
    async confirmMfa(req) {
      return toAnswer(
        await confirmMfa(deps, { session: req.session, code: req.code, remoteAddress: req.remoteAddress }),
      );
    },
    async setupMfa(req) {
      const result = await setupMfa(deps, { session: req.session, remoteAddress: req.remoteAddress });
      return {
        state: identity.AuthState.MFA_SETUP,
        session: result.session,
        secret: result.secret,
        otpauthUrl: result.otpauthUrl,
      };
    },
    async verifyMfaSetup(req) {
      return toAnswer(
        await verifyMfaSetup(deps, { session: req.session, code: req.code, remoteAddress: req.remoteAddress }),
      );
    },
    async forgotPassword(req) {
      return toAnswer(await forgotPassword(deps, { email: req.email, remoteAddress: req.remoteAddress }));
    },
    async resetPassword(req) {
      return toAnswer(
        await resetPassword(deps, {
          email: req.email,
          code: req.code,
          password: req.password,
          confirmPassword: req.confirmPassword,
          remoteAddress: req.remoteAddress,
        }),
      );
    },
    async refresh(req) {
      return toAnswer(await refreshSession(deps, { refreshToken: req.refreshToken, remoteAddress: req.remoteAddress }));
    },
    async signOut(req, ctx) {
      await signOut(deps, requireCaller(ctx), req.remoteAddress);
      return {};
    },
    async changePassword(req, ctx) {
      return changePassword(deps, requireCaller(ctx), {
        currentPassword: req.currentPassword,
        password: req.password,
        confirmPassword: req.confirmPassword,
        remoteAddress: req.remoteAddress,
      });
    },
    async checkSession(_req, ctx) {
      return { active: await checkSession(deps, requireCaller(ctx)) };
    },
    async issueServiceToken(req) {
      return issueServiceToken(deps, req);
    },
    getJwks() {
      return { jwksJson: JSON.stringify(deps.tokens.jwks()) };
    },
    async listDevMail(req, ctx) {
      const { content, totalSize } = await listDevMail(deps, requireCaller(ctx), req.to);
      return { content: content.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })), totalSize };
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
    async adminListOrganisations(_req, ctx) {
      return { organisations: (await listAdminOrganisations(deps, requireCaller(ctx))).map(toOrganisation) };
    },
    async adminGetOrganisation(req, ctx) {
      const key = req.key.case === 'id' ? { id: req.key.value } : { uuid: req.key.value ?? '' };
      return { organisation: toOrganisation(await getAdminOrganisation(deps, requireCaller(ctx), key)) };
    },
    async createOrganisation(req, ctx) {
      return {
        organisation: toOrganisation(await createOrganisation(deps, requireCaller(ctx), fromOrganisation(req))),
      };
    },
    async updateOrganisation(req, ctx) {
      return {
        organisation: toOrganisation(await updateOrganisation(deps, requireCaller(ctx), req.id, fromOrganisation(req))),
      };
    },
    async searchOrganisations(req, ctx) {
      const found = await searchOrganisations(deps, requireCaller(ctx), {
        term: req.term,
        childOrgTypeCode: req.childOrgTypeCode,
      });
      return { organisations: found.map(toOrganisation) };
    },
    async listOrganisationTypes(_req, ctx) {
      return { types: await listOrganisationTypes(deps, requireCaller(ctx)) };
    },
    async listServiceLevels(_req, ctx) {
      return { serviceLevels: (await listServiceLevels(deps, requireCaller(ctx))).map(toServiceLevel) };
    },
    async getServiceLevel(req, ctx) {
      return { serviceLevel: toServiceLevel(await getServiceLevel(deps, requireCaller(ctx), req.id)) };
    },
    async createServiceLevel(req, ctx) {
      return {
        serviceLevel: toServiceLevel(await createServiceLevel(deps, requireCaller(ctx), fromServiceLevel(req))),
      };
    },
    async updateServiceLevel(req, ctx) {
      return {
        serviceLevel: toServiceLevel(await updateServiceLevel(deps, requireCaller(ctx), req.id, fromServiceLevel(req))),
      };
    },
    async listUsers(req, ctx) {
      const page = await listUsers(deps, requireCaller(ctx), { page: req.page, size: req.size, term: req.term });
      return { content: page.content.map(toUser), totalSize: page.totalSize };
    },
    async inviteUser(req, ctx) {
      const user = await inviteUser(deps, requireCaller(ctx), {
        email: req.email,
        name: req.name,
        role: req.role,
        organisationUuids: req.organisationUuids,
        remoteAddress: req.remoteAddress,
      });
      return { user: toUser(user) };
    },
    async resetUserMfa(req, ctx) {
      return { user: toUser(await resetUserMfa(deps, requireCaller(ctx), req.uuid, req.remoteAddress)) };
    },
    async setUserDisabled(req, ctx) {
      const user = await setUserDisabled(deps, requireCaller(ctx), {
        uuid: req.uuid,
        disabled: req.disabled,
        remoteAddress: req.remoteAddress,
      });
      return { user: toUser(user) };
    },
    async listAuditEntries(req, ctx) {
      const page = await listAuditEntries(deps, requireCaller(ctx), {
        page: req.page,
        size: req.size,
        userUuid: req.userUuid,
      });
      return {
        content: page.content.map((e) => ({
          id: e.id,
          at: e.at.toISOString(),
          userUuid: e.userUuid ?? '',
          email: e.email ?? '',
          action: e.action,
          outcome: e.outcome,
          remoteAddress: e.remoteAddr ?? '',
          detail: e.detail ?? '',
        })),
        totalSize: page.totalSize,
      };
    },
  };
}
