import { describe, expect, it } from 'vitest';
import { withSiteSettings } from './site-settings-html';

const settings = (contacts: Record<string, string>) => ({
  publicUrl: 'https://app.clinicflow.test',
  contacts,
});

describe('withSiteSettings', () => {
  const page = [
    '<footer><div data-contact-if="linkedin x"><a data-contact-if="linkedin" href="%CONTACT_linkedin%">in</a>',
    '<a data-contact-if="x" href="%CONTACT_x%">x</a></div>',
    '<div class="c" data-contact-if="sales"><div>Sales</div><a href="mailto:%CONTACT_sales%">%CONTACT_sales%</a></div>',
    '<p>kept</p></footer><script type="application/json" id="site-settings">%SITE_SETTINGS%</script>',
  ].join('');

  it('drops what shows only unset contacts, nested ones too, and writes in the set ones', () => {
    const html = withSiteSettings(page, settings({ x: 'https://x.com/clinicflow' }));
    expect(html).toContain('<a data-contact-if="x" href="https://x.com/clinicflow">x</a>');
    expect(html).not.toContain('>in</a>');
    expect(html).toContain('<div data-contact-if="linkedin x">');
    expect(html).not.toContain('Sales');
    expect(html).not.toContain('%CONTACT_');
    expect(html).toContain('<p>kept</p>');
  });

  it('drops every contact when none is set, and keeps the rest of the page whole', () => {
    const html = withSiteSettings(page, settings({}));
    expect(html).toBe(
      '<footer><p>kept</p></footer><script type="application/json" id="site-settings">{"publicUrl":"https://app.clinicflow.test","contacts":{}}</script>',
    );
  });

  it('escapes values in the HTML and in the JSON', () => {
    const html = withSiteSettings(page, settings({ sales: 'a&b@c.test', x: 'https://x.com/"</script>' }));
    expect(html).toContain('<a href="mailto:a&amp;b@c.test">a&amp;b@c.test</a>');
    expect(html).toContain('href="https://x.com/&quot;&lt;/script&gt;"');
    expect(html).toContain('"x":"https://x.com/\\"\\u003c/script>"');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('says which element is never closed rather than cutting the page', () => {
    expect(() => withSiteSettings('<div data-contact-if="sales"><p>x</p>', settings({}))).toThrow(
      /never closed/,
    );
  });
});
