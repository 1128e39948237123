/** How far ahead security.txt says it expires: RFC 9116 advises less than a year. */
const validDays = 180;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability, in which languages, until
 * when to trust the file; none without a security contact, since Contact is required.
 */
export function securityTxt(publicUrl: string, securityEmail: string | undefined, now: Date) {
  if (!securityEmail) return undefined;
  const origin = publicUrl.replace(/\/+$/, '');
  // From the start of the day: the file stays the same all day, whatever the request's time.
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const expires = new Date(day + validDays * 86_400_000).toISOString();
  return [
    `Contact: mailto:${securityEmail}`,
    `Expires: ${expires}`,
    'Preferred-Languages: en, es, tr',
    `Canonical: ${origin}/.well-known/security.txt`,
    `Policy: ${origin}/security`,
    '',
  ].join('\n');
}
