/** What a visitor fills in to register, under the given email. */
export const newcomer = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'analytical-engine',
});
