import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadConfig } from './config';

describe('the public contacts from the settings', () => {
  it('shows none when none is set, and never the laptop default for sales', () => {
    expect(loadConfig({}).siteContacts).toEqual({});
    expect(loadConfig({ CONTACT_EMAIL: '', SOCIAL_X_URL: '' }).siteContacts).toEqual({});
  });

  it('takes each set contact, the phone as read and as dialled', () => {
    const contacts = loadConfig({
      CONTACT_EMAIL: 'hello@clinicflow.test',
      SALES_EMAIL: 'sales@clinicflow.test',
      SECURITY_EMAIL: 'security@clinicflow.test',
      CONTACT_PHONE: '+34912345678',
      SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/clinicflow',
      COMPANY_ADDRESS: ' Calle Mayor 1, 28013 Madrid ',
    }).siteContacts;
    expect(contacts).toEqual({
      hello: 'hello@clinicflow.test',
      sales: 'sales@clinicflow.test',
      security: 'security@clinicflow.test',
      phone: '+34 912 34 56 78',
      phoneTel: '+34912345678',
      linkedin: 'https://www.linkedin.com/company/clinicflow',
      address: 'Calle Mayor 1, 28013 Madrid',
    });
  });

  it.each([
    ['SUPPORT_EMAIL', 'support at clinicflow', /SUPPORT_EMAIL must be one e-mail address/],
    ['PRIVACY_EMAIL', 'a@b.test, c@d.test', /PRIVACY_EMAIL must be one e-mail address/],
    ['CONTACT_PHONE', '912345678', /CONTACT_PHONE must be a valid phone number in international form/],
    ['CONTACT_PHONE', '+1 (555) 010-0199x', /CONTACT_PHONE must be a valid phone number/],
    ['SOCIAL_X_URL', 'javascript:alert(1)', /SOCIAL_X_URL must be an https:\/\/ address/],
    ['SOCIAL_LINKEDIN_URL', 'http://linkedin.com/x', /SOCIAL_LINKEDIN_URL must be an https:\/\/ address/],
    ['COMPANY_ADDRESS', 'Calle <b>Mayor</b>', /COMPANY_ADDRESS must be one line of plain text/],
  ])('refuses %s=%s and says what it must be', (key, value, message) => {
    expect(() => loadConfig({ [key]: value })).toThrow(InvalidEnvironmentError);
    expect(() => loadConfig({ [key]: value })).toThrow(message);
  });
});
