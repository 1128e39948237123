import { paths } from '../../lib/routes';

export type SignUpFields = {
  firstName: string;
  lastName: string;
  email: string;
  practiceName: string;
  password: string;
};

/** The better-auth sign-up body: trimmed text, a display name from both names, no empty last name. */
export function buildSignUpRequest(fields: SignUpFields) {
  const firstName = fields.firstName.trim();
  const lastName = fields.lastName.trim();
  return {
    email: fields.email.trim(),
    password: fields.password,
    name: [firstName, lastName].filter(Boolean).join(' '),
    firstName,
    lastName: lastName === '' ? undefined : lastName,
    practiceName: fields.practiceName.trim(),
    callbackURL: paths.dashboard,
  };
}
