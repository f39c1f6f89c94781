import type { IdentityPrisma } from './prisma';
import { normaliseEmail } from './user-store';

export type InvitationStatus = 'NEW_PASSWORD_REQUIRED' | 'DISABLED' | 'ACTIVE';

/** An invitation of an address whose account the inviting administrator cannot see (README: Invitations). */
export interface InvitationRecord {
  id: number;
  uuid: string;
  email: string;
  name: string;
  role: string;
  status: string;
  organisationUuids: string[];
  invitedBy: string;
  createdAt: Date;
}

export function createInvitationStore(prisma: IdentityPrisma) {
  return {
    async insert(invitation: {
      uuid: string;
      email: string;
      name: string;
      role: string;
      organisationUuids: string[];
      invitedBy: string;
    }): Promise<InvitationRecord> {
      return prisma.invitation.create({ data: { ...invitation, email: normaliseEmail(invitation.email) } });
    },
    async findByUuid(uuid: string): Promise<InvitationRecord | null> {
      if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
      return prisma.invitation.findUnique({ where: { uuid } });
    },
    /** An invitation of the address into any of these organisations. */
    async findInto(email: string, organisationUuids: readonly string[]): Promise<InvitationRecord | null> {
      return prisma.invitation.findFirst({
        where: { email: normaliseEmail(email), organisationUuids: { hasSome: [...organisationUuids] } },
      });
    },
    async setStatus(id: number, status: InvitationStatus): Promise<InvitationRecord> {
      return prisma.invitation.update({ where: { id }, data: { status } });
    },
    /** Disables or enables an invitation; enabled, it returns to the status it had. */
    async setDisabled(id: number, disabled: boolean): Promise<InvitationRecord> {
      const invitation = await prisma.invitation.findUniqueOrThrow({ where: { id } });
      if (disabled === (invitation.status === 'DISABLED')) return invitation;
      return prisma.invitation.update({
        where: { id },
        data: disabled
          ? { status: 'DISABLED', statusBeforeDisabled: invitation.status }
          : { status: invitation.statusBeforeDisabled ?? 'NEW_PASSWORD_REQUIRED', statusBeforeDisabled: null },
      });
    },
  };
}
export type InvitationStore = ReturnType<typeof createInvitationStore>;
