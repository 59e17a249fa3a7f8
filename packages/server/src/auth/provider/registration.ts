import type { Params } from './auth-request.ts';
import type { RegistrationValues } from './pages.ts';

export interface Registration {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  affiliation?: string;
  password: string;
}

const MIN_PASSWORD_LENGTH = 8;
const usernamePattern = /^[A-Za-z0-9._@-]{2,64}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The entered values worth showing again after an error (never the passwords). */
export const registrationValues = (fields: Params): RegistrationValues => ({
  username: fields.username?.trim(),
  email: fields.email?.trim(),
  first_name: fields.first_name?.trim(),
  last_name: fields.last_name?.trim(),
  affiliation: fields.affiliation?.trim(),
});

/** Checks the registration form; all problems at once, so the user fixes them in one go. */
export const validateRegistration = (
  fields: Params,
): { ok: true; value: Registration } | { ok: false; errors: string[] } => {
  const values = registrationValues(fields);
  const password = fields.password ?? '';
  const errors: string[] = [];
  if (!values.username) errors.push('Please specify username.');
  else if (!usernamePattern.test(values.username)) {
    errors.push('Username must be 2 to 64 characters: letters, digits, ".", "_", "-" or "@".');
  }
  if (!values.email) errors.push('Please specify email.');
  else if (!emailPattern.test(values.email) || values.email.length > 254)
    errors.push('Invalid email address.');
  if (!values.first_name) errors.push('Please specify first name.');
  if (!values.last_name) errors.push('Please specify last name.');
  if (password.length < MIN_PASSWORD_LENGTH) {
    errors.push(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  } else if (password !== fields.password_confirm) {
    errors.push('Passwords do not match.');
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      username: values.username!,
      email: values.email!,
      first_name: values.first_name!,
      last_name: values.last_name!,
      ...(values.affiliation ? { affiliation: values.affiliation } : {}),
      password,
    },
  };
};
