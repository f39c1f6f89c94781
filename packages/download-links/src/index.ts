import crypto from 'node:crypto';

/**
 * Short-lived signed download links (seed 001 §7 CA reports; issue 27 reports): a report is asked for with the
 * user's bearer token, but the window that opens the answer's url has none, so the url carries a token the BFF
 * signed. The token says who asked (organisation, user), which report (kind, parameters) and until when; a
 * random nonce makes it unguessable, HMAC-SHA256 over a server secret makes it tamper-proof, and the user's access
 * token travels sealed inside (AES-256-GCM) so the download acts as that user, whom the services check again.
 */

/** A link lives five minutes: long enough to open the window, short enough that a copied url soon dies. */
export const LINK_SECONDS = 5 * 60;

export interface LinkClaims {
  organisationUuid: string;
  userUuid: string;
  /** which report, e.g. `ca-headers`; a link for one kind never opens another */
  kind: string;
  /** the report's inputs, as the request that asked for it gave them */
  parameters: Record<string, string>;
  /** milliseconds since the epoch */
  expiresAt: number;
  /** the user's access token, sealed in the link, unsealed only by the server */
  bearer: string;
}

export type LinkRefusal = 'MALFORMED' | 'TAMPERED' | 'EXPIRED' | 'WRONG_KIND';

export class LinkRefused extends Error {
  constructor(readonly reason: LinkRefusal) {
    super(
      {
        MALFORMED: 'This download link is not valid',
        TAMPERED: 'This download link is not valid',
        EXPIRED: 'This download link has expired: ask for the report again',
        WRONG_KIND: 'This download link is for another report',
      }[reason],
    );
    this.name = 'LinkRefused';
  }
}

export interface LinkSigner {
  /** A token for the claims, expiring `LINK_SECONDS` from now (sooner if `expiresAt` says so). */
  sign(claims: Omit<LinkClaims, 'expiresAt'> & { expiresAt?: number }): string;
  /** The claims of a token this server signed, of one of these kinds, not yet expired; else throws `LinkRefused`. */
  verify(token: string, kinds: string | readonly string[]): LinkClaims;
}

const VERSION = 'v1';

/**
 * A signer over `secret` (any length; two keys are derived from it, one to sign and one to seal). `now` is the
 * clock, given so tests can expire a link without waiting.
 */
export function createLinkSigner(secret: string | Uint8Array, now: () => number = Date.now): LinkSigner {
  if (secret.length < 16) throw new Error('A download link secret must be at least 16 bytes');
  const derive = (purpose: string) =>
    Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `gains download link ${purpose}`, 32));
  const macKey = derive('mac');
  const sealKey = derive('seal');
  const mac = (body: string) => crypto.createHmac('sha256', macKey).update(`${VERSION}.${body}`).digest();

  return {
    sign(claims) {
      const expiresAt = Math.min(claims.expiresAt ?? Infinity, now() + LINK_SECONDS * 1000);
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', sealKey, iv);
      const sealed = Buffer.concat([iv, cipher.update(claims.bearer, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      const payload = {
        o: claims.organisationUuid,
        u: claims.userUuid,
        k: claims.kind,
        p: claims.parameters,
        e: expiresAt,
        n: crypto.randomBytes(16).toString('base64url'),
        b: sealed.toString('base64url'),
      };
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },

    verify(token, kinds) {
      const parts = token.split('.');
      if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]+$/.test(parts[1]!))
        throw new LinkRefused('MALFORMED');
      const [body, signature] = parts as [string, string];
      const expected = mac(body);
      const given = Buffer.from(signature, 'base64url');
      // Compared in constant time, and the re-encoding must match, so no two spellings of one signature pass.
      if (
        given.length !== expected.length ||
        !crypto.timingSafeEqual(given, expected) ||
        given.toString('base64url') !== signature
      )
        throw new LinkRefused('TAMPERED');
      let payload: { o: string; u: string; k: string; p: Record<string, string>; e: number; b: string };
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        throw new LinkRefused('MALFORMED');
      }
      if (!(typeof kinds === 'string' ? [kinds] : kinds).includes(payload.k)) throw new LinkRefused('WRONG_KIND');
      if (!(now() < payload.e)) throw new LinkRefused('EXPIRED');
      const sealed = Buffer.from(payload.b, 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const bearer = Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
      return {
        organisationUuid: payload.o,
        userUuid: payload.u,
        kind: payload.k,
        parameters: payload.p,
        expiresAt: payload.e,
        bearer: bearer.toString('utf8'),
      };
    },
  };
}

/** When a JWT access token expires (its `exp`, in ms), so a link never outlives the token sealed in it. */
export function tokenExpiry(jwt: string): number | undefined {
  try {
    const exp = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
