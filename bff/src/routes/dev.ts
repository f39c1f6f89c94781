import { Hono } from 'hono';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '@gains/access';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseQuery } from '../validation';

const mailboxQuery = z.object({ to: field.queryText('to', EMAIL_MAX_LENGTH) });

/**
 * The development mailbox: mail identity kept because no SMTP server is configured. Provider admins only
 * (the calls table and identity both check), and 404 unless GAINS_DEV_MAILBOX enables it.
 */
export const devRoutes = new Hono<BffEnv>().get('/mailbox', async (c) => {
  const { to } = parseQuery(c, mailboxQuery);
  const answer = await c.var.deps.identity.listDevMail({ to }, asCaller(c));
  return c.json({
    content: answer.content.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt })),
    totalSize: answer.totalSize,
  });
});
