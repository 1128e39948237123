/** The languages a survey link can be in, and the not-found page's words in each. */
const notFoundTexts = {
  en: {
    title: 'Survey not found',
    heading: 'This survey link is not valid or has expired',
    body: 'Survey links work for 30 days. If you have a question about your visit, please contact your clinic directly.',
  },
  es: {
    title: 'Encuesta no encontrada',
    heading: 'Este enlace de encuesta no es válido o ha caducado',
    body: 'Los enlaces de encuesta funcionan durante 30 días. Si tiene alguna pregunta sobre su visita, póngase en contacto directamente con su clínica.',
  },
  tr: {
    title: 'Anket bulunamadı',
    heading: 'Bu anket bağlantısı geçersiz veya süresi dolmuş',
    body: 'Anket bağlantıları 30 gün geçerlidir. Ziyaretinizle ilgili bir sorunuz varsa lütfen doğrudan kliniğinizle iletişime geçin.',
  },
} as const;

type NotFoundLanguage = keyof typeof notFoundTexts;
const languages = Object.keys(notFoundTexts) as NotFoundLanguage[];

/**
 * The reader's language among en, es and tr from an Accept-Language header, by its q-values; null
 * when it names none of them (the page then speaks all three: we do not know whose link it was).
 */
export function notFoundLanguageOf(acceptLanguage: string | undefined): NotFoundLanguage | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  const found = ranked.find((entry) => languages.includes(entry.primary as NotFoundLanguage));
  return (found?.primary as NotFoundLanguage | undefined) ?? null;
}

const style = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f6f8f9;line-height:1.5}
main{max-width:34rem;margin:0 auto;padding:2.5rem 1.25rem}
section{background:#fff;border-radius:12px;padding:1.25rem 1.25rem .5rem;margin-bottom:1rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 .75rem}
h2{font-size:1.15rem;line-height:1.3;margin:0 0 .5rem}
p{margin:0 0 1rem;color:#3e4c59}`;

/** A survey link that leads nowhere: its own page (sent with status 404), no script, nothing of any clinic. */
export function surveyNotFoundPage(language: NotFoundLanguage | null): string {
  const shown = language ? [language] : languages;
  const first = notFoundTexts[shown[0] ?? 'en'];
  const title = shown.map((code) => notFoundTexts[code].title).join(' · ');
  const sections = shown
    .map((code, index) => {
      const text = notFoundTexts[code];
      const heading = index === 0 ? 'h1' : 'h2';
      return `<section lang="${code}"><${heading}>${text.heading}</${heading}><p>${text.body}</p></section>`;
    })
    .join('');
  return `<!doctype html>
<html lang="${language ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${language ? first.title : title}</title>
<style>${style}</style>
</head>
<body><main>${sections}</main></body>
</html>
`;
}
