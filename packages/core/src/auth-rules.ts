// Plain values with no zod behind them, so the browser's sign-up and reset-password forms can show and
// check the rules without downloading the schema library (auth-schemas.ts builds its schemas on them).

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes whatever it is given; cap the input so a megabyte "password" cannot tie up a core. */
export const PASSWORD_MAX_LENGTH = 256;
