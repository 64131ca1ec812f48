let next = 0;

/** The fields of a user row no other call of this test file has used: for tests that write users directly. */
export function newUser() {
  next += 1;
  return { id: `u${next}`, name: 'Ada', email: `ada${next}@example.com` };
}
