import { Hono } from 'hono';
import type { BffEnv } from '../deps';

/** The development mailbox: mail identity kept because no SMTP server is configured. 404 unless enabled. */
export const devRoutes = new Hono<BffEnv>().get('/mailbox', async (c) => {
  const answer = await c.var.deps.identity.listDevMail({ to: c.req.query('to') ?? '' });
  return c.json({
    content: answer.content.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt })),
    totalSize: answer.totalSize,
  });
});
