/** §1: the visitor type chosen by the hero toggle (not an account role). */
export type UserType = 'homeowner' | 'wholesaler';

export function isUserType(value: unknown): value is UserType {
  return value === 'homeowner' || value === 'wholesaler';
}
