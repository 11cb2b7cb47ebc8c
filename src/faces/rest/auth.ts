import crypto from 'node:crypto';
import type { Context } from 'koa';

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/**
 * Builds the check of `Authorization: Bearer <key>`. Both sides are hashed first so the
 * comparison takes the same time whatever the length or content of the guess.
 */
export function bearerAuthorizer(apiKey: string): (ctx: Context) => void {
  const expected = digest(apiKey);
  return (ctx) => {
    const match = /^Bearer +(\S+) *$/i.exec(ctx.get('Authorization'));
    const given = digest(match ? match[1] : '');
    if (match && crypto.timingSafeEqual(given, expected)) return;
    ctx.throw(401, match ? 'Invalid API key' : 'Missing API key: send the header "Authorization: Bearer <key>"', {
      headers: { 'WWW-Authenticate': `Bearer realm="hazsim"${match ? ', error="invalid_token"' : ''}` },
    });
  };
}
