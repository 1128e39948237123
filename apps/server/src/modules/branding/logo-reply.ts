import type { FastifyReply } from 'fastify';

/**
 * Sends a stored logo with the type its bytes were checked to be, never one sniffed by the browser,
 * and a policy that would keep anything in it from running even if opened on its own.
 */
export function sendLogo(
  reply: FastifyReply,
  logo: { bytes: Uint8Array; type: string },
  cacheControl: string,
) {
  return reply
    .header('content-type', logo.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .header('cache-control', cacheControl)
    .send(Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength));
}
